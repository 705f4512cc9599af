const configuration = {
  url: '/openapi.json',
  dom_id: '#api-reference',
  deepLinking: true,
  docExpansion: 'list',
  defaultModelsExpandDepth: 0,
  displayOperationId: true,
  tryItOutEnabled: true,
  // Swagger UI would otherwise send the document to an online validator.
  validatorUrl: null,
};

/** The one inline script of /docs; its Content-Security-Policy allows exactly this text, by its hash. */
export const API_REFERENCE_BOOT_SCRIPT = `window.ui = SwaggerUIBundle(${JSON.stringify(configuration)});`;

/**
 * Served at /docs: Swagger UI over the generated document. Its script and styles are copied from
 * swagger-ui-dist into public/vendor at build time, so the page loads nothing from outside the app.
 */
export function renderApiReferencePage(): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>API reference | Throughline Partners</title>
    <meta name="description" content="Interactive reference of the Throughline Partners public JSON API (/v1)." />
    <link rel="icon" href="/icon.svg" type="image/svg+xml" />
    <link rel="stylesheet" href="/vendor/swagger-ui/swagger-ui.css" />
  </head>
  <body>
    <main id="api-reference"></main>
    <script src="/vendor/swagger-ui/swagger-ui-bundle.js"></script>
    <script>${API_REFERENCE_BOOT_SCRIPT}</script>
  </body>
</html>`;
}
