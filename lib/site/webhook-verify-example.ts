/**
 * How a receiver verifies a delivery, in ten lines of Node with the `standardwebhooks` package: shown in /llms.txt and
 * docs/webhooks.md (a unit test runs it against a real delivery and checks both show exactly this).
 */
export const WEBHOOK_VERIFY_EXAMPLE = `import { createServer } from 'node:http';
import { Webhook } from 'standardwebhooks';
const webhook = new Webhook(process.env.THROUGHLINE_WEBHOOK_SECRET); // whsec_…
createServer(async (req, res) => {
  const body = Buffer.concat(await req.toArray()).toString(); // the raw body, byte for byte
  let event; // { type, id, timestamp, data }
  try { event = webhook.verify(body, req.headers); } catch { return res.writeHead(401).end(); }
  console.log(event.type, event.id); // handle each id once: a retry repeats it
  res.writeHead(204).end();
}).listen(8080);`;
