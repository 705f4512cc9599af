import { expect, test } from '../../test-support/browser/journey';
import { checkPage, signInAsStaff } from '../../test-support/browser/staff-pages';
import { jpegOf, pngOf, svgWithScript } from '../../test-support/media/image-fixtures';

/**
 * The media library as marketing uses it: upload a picture, write its alt text, set its focal point, place it as an
 * insight's hero and inside its Markdown (the live preview draws it), publish, and see it on the public page and in
 * /v1; the library then says where it is used and will not delete it. Every page visited is checked with axe.
 */

// Match the accounts serve-for-e2e.mjs seeds.
const MARKETING = { email: 'marketing@e2e.example', password: 'e2e marketing password' };
const INSIGHT = 'replenishment-in-distribution';
const ALT = 'A warehouse buffer board with two orders in red';

test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'one run is enough: the journey changes shared content');
});

test('a marketer uploads a picture, describes it, places it in an insight, publishes, and visitors and /v1 see it', async ({
  browser,
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  await signInAsStaff(page, MARKETING, '/staff/media');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Media library');
  await checkPage(page, testInfo, 'media-library');

  // An SVG is refused at once, with the reason, and the page stays.
  await page.getByLabel('Upload an image').setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: svgWithScript() });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByTestId('upload-form').getByRole('alert')).toContainText('SVG files are not accepted');

  await page.getByLabel('Upload an image').setInputFiles({ name: 'IMG_0042.jpg', mimeType: 'image/jpeg', buffer: await jpegOf(1600, 1000) });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page).toHaveURL(/\/staff\/media\/med_[A-Za-z0-9_-]{22}\?done=uploaded$/);
  const mediaId = /\/staff\/media\/(med_[A-Za-z0-9_-]{22})/.exec(page.url())![1]!;
  await expect(page.getByRole('status').first()).toContainText('Uploaded');

  // Alt text is required, and a file name is not alt text.
  await page.getByLabel('Alt text').fill('IMG_0042.jpg');
  await page.getByRole('button', { name: 'Save alt text' }).click();
  await expect(page.getByText('That is a file name; describe what the image shows instead.')).toBeVisible();
  await page.getByLabel('Alt text').fill(ALT);
  await page.getByRole('button', { name: 'Save alt text' }).click();
  await expect(page.getByText('Saved. Pages that show this image use it from now on.')).toBeVisible();

  // Once the job runner has made its sizes, the image shows; a click sets the focal point.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('img', { name: 'Click where crops should centre' })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 60_000 });
  const picture = page.getByRole('img', { name: 'Click where crops should centre' });
  const box = (await picture.boundingBox())!;
  await picture.click({ position: { x: box.width * 0.25, y: box.height * 0.5 } });
  await expect(page.getByLabel('From the left (%)')).toHaveValue('25');
  await page.getByRole('button', { name: 'Save focal point' }).click();
  await expect(page.getByRole('status').first()).toContainText('Focal point saved');
  await checkPage(page, testInfo, 'media-image');

  // Place it: the hero, with a caption, and inside the article, where the live preview draws it.
  const editor = `/staff/content/insights/${INSIGHT}`;
  await page.goto(editor);
  await page.getByLabel('Hero image (optional)', { exact: true }).selectOption(mediaId);
  await page.getByLabel('Hero image caption (optional)').fill('The buffer board at a regional warehouse.');
  await page.getByLabel('Image from the library').selectOption(mediaId);
  await page.getByLabel('Article (Markdown) (required)').press('Control+Home');
  await page.getByRole('button', { name: 'Insert image' }).click();
  await expect(page.getByLabel('Article (Markdown) (required)')).toHaveValue(new RegExp(`^!\\[${ALT}\\]\\(media:${mediaId}\\)\\n\\n`));
  await expect(page.getByTestId('live-preview').getByRole('img', { name: ALT })).toBeVisible();
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status')).toContainText('Draft saved');
  await checkPage(page, testInfo, 'insight-editor-with-image');
  await page.getByLabel('Note for the history').fill('A picture of the buffer board');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('Published');

  // Visitors see the hero (loaded, the LCP image) and the picture in the article.
  const visitor = await browser.newContext();
  const article = await visitor.newPage();
  await article.goto(`/insights/${INSIGHT}`);
  const hero = article.getByRole('figure').getByRole('img', { name: ALT });
  await expect(hero).toBeVisible();
  await expect(hero).toHaveAttribute('fetchpriority', 'high');
  await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  expect(await hero.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/media\/[0-9a-f]{32}\/\d+\.avif$/);
  await expect(article.getByText('The buffer board at a regional warehouse.')).toBeVisible();
  await expect(article.getByRole('img', { name: ALT })).toHaveCount(2);
  await checkPage(article, testInfo, 'insight-with-image');
  await visitor.close();

  // And /v1: the hero as `image`, the body's picture as Markdown with an absolute URL.
  const detail = (await (await request.get(`/v1/insights/${INSIGHT}`)).json()) as { image: { url: string; alt: string; width: number }; content: string };
  expect(detail.image).toMatchObject({ alt: ALT, width: 1280, height: 800 });
  expect(detail.image.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\/[0-9a-f]{32}\/1280\.jpg$/);
  expect(detail.content).toMatch(new RegExp(`^!\\[${ALT}\\]\\(http://127\\.0\\.0\\.1:\\d+/media/[0-9a-f]{32}/1280\\.jpg\\)`));
  expect((await request.get(new URL(detail.image.url).pathname)).headers()['content-type']).toBe('image/jpeg');

  // The library knows where it is used, and will not delete it.
  await page.goto(`/staff/media/${mediaId}`);
  await expect(page.getByRole('region', { name: 'Where it is used' })).toContainText('hero image');
  await page.getByRole('button', { name: 'Delete this image' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'is in use and was not deleted' })).toContainText('Remove it there first.');
  await checkPage(page, testInfo, 'media-image-in-use');
});

test('a marketer drops a file on the upload box, and it is uploaded as if chosen', async ({ page }) => {
  await signInAsStaff(page, MARKETING, '/staff/media');
  const box = page.getByTestId('upload-form');
  // What a browser hands the page when a file is dragged in from the desktop: a DataTransfer holding the file.
  const dataTransfer = await page.evaluateHandle(
    ({ base64, name }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))], name, { type: 'image/png' }));
      return transfer;
    },
    { base64: (await pngOf(640, 400)).toString('base64'), name: 'dropped-diagram.png' },
  );
  await box.dispatchEvent('dragover', { dataTransfer });
  await expect(box).toHaveClass(/border-accent/);
  await box.dispatchEvent('drop', { dataTransfer });
  await expect(page).toHaveURL(/\/staff\/media\/med_[A-Za-z0-9_-]{22}\?done=uploaded$/);
  await expect(page.getByRole('status').first()).toContainText('Uploaded');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('dropped-diagram.png');
});
