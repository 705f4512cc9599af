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

const TITLE = 'API reference | Throughline Partners';
const DESCRIPTION = 'Interactive reference of the Throughline Partners public JSON API (/v1).';

/** Where app/docs/opengraph-image.tsx is served: Open Graph wants the card's address absolute. */
const API_REFERENCE_CARD_PATH = '/docs/opengraph-image';

/**
 * Served at /docs: Swagger UI over the generated document. Its script and styles are copied from
 * swagger-ui-dist into public/vendor at build time, so the page loads nothing from outside the app. Its tags are the
 * ones Next writes for the site's pages (lib/seo/metadata.ts), so a link to it shared on LinkedIn, Slack or X shows its
 * card (app/docs/opengraph-image.tsx) large. `siteUrl` is SITE_URL, without a trailing slash.
 */
export function renderApiReferencePage(siteUrl: string): string {
  // Serialized by URL, so the addresses carry no character that could end an attribute (a quote becomes %22).
  const page = new URL(`${siteUrl}/docs`).href;
  const card = new URL(`${siteUrl}${API_REFERENCE_CARD_PATH}`).href;
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${TITLE}</title>
    <meta name="description" content="${DESCRIPTION}" />
    <meta property="og:title" content="${TITLE}" />
    <meta property="og:description" content="${DESCRIPTION}" />
    <meta property="og:url" content="${page}" />
    <meta property="og:site_name" content="Throughline Partners" />
    <meta property="og:type" content="website" />
    <meta property="og:image" content="${card}" />
    <meta property="og:image:width" content="1200" />
    <meta property="og:image:height" content="630" />
    <meta property="og:image:type" content="image/png" />
    <meta property="og:image:alt" content="The Throughline Partners API reference" />
    <meta name="twitter:card" content="summary_large_image" />
    <meta name="twitter:title" content="${TITLE}" />
    <meta name="twitter:description" content="${DESCRIPTION}" />
    <meta name="twitter:image" content="${card}" />
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
