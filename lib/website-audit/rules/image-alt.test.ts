import { describe, expect, it } from 'vitest';
import { bodyPage } from '../../../test-support/audit/page-from';
import { checkImageAlt } from './image-alt';

describe('checkImageAlt', () => {
  it('passes described and decorative images', () => {
    expect(checkImageAlt(bodyPage('<img src="/team.jpg" alt="Dr. Okafor with a patient"><img src="/divider.svg" alt="">'))).toBeNull();
  });

  it('reports a few images without alt as minor, naming the files', () => {
    expect(
      checkImageAlt(bodyPage('<img src="/img/office.jpg?v=3" alt="Our office"><img src="/img/chair.jpg"><img src="/img/lobby.jpg" alt="Lobby">')),
    ).toMatchObject({
      id: 'basics.images-missing-alt',
      severity: 'minor',
      title: '1 of 3 images have no alt text',
      evidence: '“chair.jpg”',
    });
  });

  it('reports most images without alt as major', () => {
    expect(checkImageAlt(bodyPage('<img src="/a.jpg"><img src="/b.jpg"><img src="/c.jpg"><img src="/d.jpg" alt="Smile gallery">'))).toMatchObject({
      severity: 'major',
      title: '3 of 4 images have no alt text',
      evidence: '“a.jpg”, “b.jpg” and “c.jpg”',
    });
  });
});
