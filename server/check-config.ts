/** Validates the environment the way the app will read it, so `npm start` refuses a wrong setting before it serves. */
import { config, ConfigError } from '../lib/config';

try {
  config();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
