import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { contentPictureIds } from '../lib/domain/media/content-picture-ids';
import { loadContentFiles } from './load-content-files';
import { loadSeedPictures, missingPictureIds, monogramSvg } from './seed-pictures';

describe('the seed content’s pictures', () => {
  it('are made here: three diagrams drawn as SVG and rendered with sharp, a monogram per consultant', async () => {
    const pictures = await loadSeedPictures();
    const summary = await Promise.all(
      pictures.map(async (picture) => {
        const { format, width, height } = await sharp(picture.png).metadata();
        return [picture.id, format, width, height, picture.decorative, picture.alt === null];
      }),
    );
    expect(summary).toEqual([
      ['buffer-fever-chart', 'png', 1600, 900, false, false],
      ['current-reality-tree', 'png', 1600, 900, false, false],
      ['dbr-release-schedule', 'png', 1600, 900, false, false],
      ...['margaret-okafor', 'daniel-reyes', 'priya-natarajan', 'tomasz-wieczorek', 'elena-vasquez'].map((name) => [
        `portrait-${name}`,
        'png',
        640,
        640,
        true,
        true,
      ]),
    ]);
  });

  it('cover every picture the content files name: insight heroes and bodies, services, portraits', async () => {
    const referenced = contentPictureIds(loadContentFiles());
    expect([...new Set(referenced)].sort()).toEqual([
      'buffer-fever-chart',
      'current-reality-tree',
      'dbr-release-schedule',
      'portrait-daniel-reyes',
      'portrait-elena-vasquez',
      'portrait-margaret-okafor',
      'portrait-priya-natarajan',
      'portrait-tomasz-wieczorek',
    ]);
    expect(missingPictureIds(referenced, await loadSeedPictures())).toEqual([]);
    expect(missingPictureIds(['buffer-fever-chart', 'a-drawing-nobody-made'], [{ id: 'buffer-fever-chart' }])).toEqual(['a-drawing-nobody-made']);
  });

  it('draws a monogram of the initials, the same colour for the same name every time', () => {
    expect(monogramSvg('Margaret Okafor')).toContain('>MO</text>');
    expect(monogramSvg('Margaret Okafor')).toBe(monogramSvg('Margaret Okafor'));
    expect(monogramSvg('Ada <Lovelace> & Co')).toContain('>A&lt;</text>');
  });
});
