import { z } from 'zod';
import 'zod-openapi';

/** A picture that goes with an insight or a service: an addition to the specification's fields, which clients may ignore. */
export const ContentImage = z
  .object({
    url: z
      .url()
      .meta({ description: 'Absolute URL of a JPEG of the picture, at most 1280 pixels wide. It never changes its bytes; cache it for as long as you like.' }),
    alt: z.string().meta({ description: 'What the picture shows, for people who cannot see it. Empty when the picture is decorative.' }),
    width: z.int().meta({ description: 'Width of the image at `url`, in pixels.' }),
    height: z.int().meta({ description: 'Height of the image at `url`, in pixels.' }),
  })
  .meta({
    id: 'ContentImage',
    title: 'ContentImage',
    description: 'A picture from the firm’s media library. An addition to the fields of the specification, which allows it: absent when there is none.',
  });

export type ContentImageBody = z.input<typeof ContentImage>;
