import { describe, expect, it } from 'vitest';
import { oncePerEdition } from './once-per-edition';

describe('oncePerEdition', () => {
  it('renders once per edition and name, and again when the edition changes', () => {
    let renders = 0;
    const render = () => `text ${++renders}`;
    expect(oncePerEdition('test-a', 'stamp-1', render)).toBe('text 1');
    expect(oncePerEdition('test-a', 'stamp-1', render)).toBe('text 1');
    expect(oncePerEdition('test-b', 'stamp-1', render)).toBe('text 2');
    expect(oncePerEdition('test-a', 'stamp-2', render)).toBe('text 3');
    expect(oncePerEdition('test-a', 'stamp-2', render)).toBe('text 3');
    expect(renders).toBe(3);
  });
});
