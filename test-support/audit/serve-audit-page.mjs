#!/usr/bin/env node
// Playwright's second webServer: the page the website audit fetches in the report journeys, on PORT, until stopped.
import { serveAuditPage } from './audit-page-server.mjs';

const site = await serveAuditPage({ port: process.env.PORT });
const stop = () => site.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
