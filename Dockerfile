# syntax=docker/dockerfile:1
# Throughline Partners as a container image: the release folder of `npm run build` (the same one the release tests
# unpack and start), on Node alone, as a non-root user. Not built on the machines that test this project (no container
# runtime can pull base images there); `scripts/dockerfile.test.ts` lints it. See docs/deploy.md, "Container".
#   docker build -t throughline .
#   docker run -p 3000:3000 -v throughline-data:/app/data -e SITE_URL=https://www.example.com throughline

# ── build: the whole toolchain, devDependencies included; better-sqlite3 compiles here (python3, make, g++) ──
FROM node:20-bookworm AS build
WORKDIR /src
COPY package.json package-lock.json ./
COPY tools ./tools
COPY prisma ./prisma
COPY prisma.config.ts ./
# `npm ci` needs every platform's optional binaries in the lockfile; `npm install` keeps the lockfile as it is.
RUN npm install --no-audit --no-fund --ignore-scripts=false
COPY . .
# next build (output: standalone), then the compiled runner and start-up and the traced packages: /src/release.
RUN npm run build

# ── run: Node and the release folder, nothing else ──
FROM node:20-bookworm-slim AS run
# MALLOC_*: glibc's allocator kept small (server/malloc-settings.mjs, docs/performance.md).
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=65536 \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATABASE_URL=file:./data/app.db
WORKDIR /app
COPY --from=build --chown=root:root /src/release /app
# The data folder (SQLite, the session secret when none is set) is the only one the app writes.
RUN mkdir -p /app/data && chown node:node /app/data
VOLUME ["/app/data"]
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/livez').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node itself (no npm): SIGTERM from `docker stop` reaches the web server, which drains and exits 0.
STOPSIGNAL SIGTERM
CMD ["node", "server/start.mjs"]
