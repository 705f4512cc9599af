import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { temporaryDirectory } from '@/test-support/temporary-directory';

/**
 * No container runtime can pull base images on the machines that test this project, so the Dockerfile is linted
 * (dockerfile-utils, the linter of the Docker language server) and its shape checked; compose.yaml's services too.
 */
const lint = (file: string) => spawnSync(process.execPath, ['node_modules/dockerfile-utils/bin/dockerfile-utils', 'lint', file], { encoding: 'utf8' });

describe('Dockerfile', () => {
  it('passes dockerfile-utils lint', () => {
    const result = lint('Dockerfile');
    expect(`${result.stdout}${result.stderr}`).toBe('');
    expect(result.status).toBe(0);
  });

  it('the linter finds a mistake, so a pass means something', () => {
    const broken = path.join(temporaryDirectory('toc-docker-'), 'Dockerfile');
    writeFileSync(broken, readFileSync('Dockerfile', 'utf8').replace('EXPOSE 3000', 'EXPOSE web'));
    const result = lint(broken);
    expect(result.stdout).toContain('Error: Invalid containerPort: web');
    expect(result.status).toBe(1);
  });

  it('is multi-stage, runs the release folder as a non-root user with node itself, and checks /livez', () => {
    const text = readFileSync('Dockerfile', 'utf8');
    expect(text.match(/^FROM .*$/gm)).toEqual(['FROM node:20-bookworm AS build', 'FROM node:20-bookworm-slim AS run']);
    expect(text).toContain('COPY --from=build --chown=root:root /src/release /app');
    expect(text).toMatch(/^USER node$/m);
    expect(text).toMatch(/^HEALTHCHECK .*\n.*\/livez/m);
    expect(text).toMatch(/^CMD \["node", "server\/start\.mjs"\]$/m);
  });
});

describe('compose.yaml', () => {
  it('runs PostgreSQL, two web instances, one worker and nginx with the shipped config', () => {
    const text = readFileSync('compose.yaml', 'utf8');
    const services = text
      .slice(text.indexOf('\nservices:'), text.indexOf('\nvolumes:'))
      .match(/^ {2}([a-z0-9-]+):$/gm)!
      .map((line) => line.trim().slice(0, -1));
    expect(services).toEqual(['postgres', 'web1', 'web2', 'worker', 'nginx']);
    expect(text).toContain("command: ['node', 'dist/worker.mjs']");
    expect(text).toContain('./deploy/nginx.conf:/etc/throughline/nginx.conf:ro');
  });
});
