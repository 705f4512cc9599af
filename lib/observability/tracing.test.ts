import { describe, expect, it } from 'vitest';
import { tracingConfigured } from './tracing.mjs';

describe('tracingConfigured', () => {
  it.each([
    [{}, false],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, true],
    [{ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' }, true],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: '' }, false],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' }, false],
    [{ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces', OTEL_SDK_DISABLED: 'false' }, true],
    // Other OTEL_* settings alone name no collector.
    [{ OTEL_SERVICE_NAME: 'throughline', OTEL_TRACES_SAMPLER: 'always_on' }, false],
  ])('%j: %s', (env, configured) => {
    expect(tracingConfigured(env as NodeJS.ProcessEnv)).toBe(configured);
  });
});
