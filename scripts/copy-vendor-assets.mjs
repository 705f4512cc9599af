// Copies browser assets from node_modules into public/vendor so pages load nothing from outside the app.
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';

const assets = ['swagger-ui-bundle.js', 'swagger-ui.css'].map((file) => [`node_modules/swagger-ui-dist/${file}`, `public/vendor/swagger-ui/${file}`]);

rmSync('public/vendor', { recursive: true, force: true });
for (const [from, to] of assets) {
  mkdirSync(path.dirname(to), { recursive: true });
  copyFileSync(from, to);
}
console.log(`Vendor assets copied: ${assets.map(([, to]) => to).join(', ')}`);
