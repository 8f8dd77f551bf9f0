import path from 'node:path';
import sharp from 'sharp';
import type { Logger } from '../logger.ts';
import type { MailMockup } from './mail-message.ts';

/** Wide enough for a phone's e-mail column at 2x, small enough that an order of many lines stays a light e-mail. */
export const MOCKUP_WIDTH = 320;

/** An image attached to a sent e-mail: inline (named by its Content-ID in the HTML) or a plain attachment. */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
  cid: string;
}

/**
 * The mock-up as a JPEG: the product picture scaled to MOCKUP_WIDTH (never enlarged), each logo
 * resized to fit inside its area keeping its shape (`fit: inside`), centred there, composited
 * over it.
 */
export async function composeMockup(dataRoot: string, mockup: MailMockup): Promise<Buffer> {
  const { data: picture, info } = await sharp(path.join(dataRoot, mockup.picture))
    .rotate()
    .resize({ width: MOCKUP_WIDTH, height: MOCKUP_WIDTH, fit: 'inside', withoutEnlargement: true })
    .toBuffer({ resolveWithObject: true });
  const overlays = await Promise.all(
    mockup.logos.map(async ({ image, area }) => {
      const left = Math.round(area.x * info.width);
      const top = Math.round(area.y * info.height);
      const width = Math.max(1, Math.min(info.width - left, Math.round(area.width * info.width)));
      const height = Math.max(1, Math.min(info.height - top, Math.round(area.height * info.height)));
      const logo = await sharp(path.join(dataRoot, image)).resize({ width, height, fit: 'inside' }).png().toBuffer({ resolveWithObject: true });
      return { input: logo.data, left: left + Math.floor((width - logo.info.width) / 2), top: top + Math.floor((height - logo.info.height) / 2) };
    }),
  );
  return sharp(picture).composite(overlays).flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true }).toBuffer();
}

/**
 * Mock-ups composed lately, by data folder and what they show: the staff e-mail and the
 * buyer's confirmation of an order carry the same ones and go out side by side. The order API
 * reads its data folder once at start, so a key's image cannot change while it runs.
 */
const recent = new Map<string, Promise<Buffer>>();
const RECENT_MOCKUPS = 64;

function composedOnce(dataRoot: string, mockup: MailMockup): Promise<Buffer> {
  const key = JSON.stringify([dataRoot, mockup.picture, mockup.logos]);
  let composed = recent.get(key);
  if (!composed) {
    composed = composeMockup(dataRoot, mockup);
    recent.set(key, composed);
    // A failure is not kept: the next e-mail tries again.
    composed.catch(() => recent.delete(key));
    if (recent.size > RECENT_MOCKUPS) recent.delete(recent.keys().next().value!);
  }
  return composed;
}

/**
 * The attachments of a message's mock-ups, composed as it is sent. A mock-up that cannot be
 * drawn (a picture replaced by an unreadable file since the order) is left out with a warning:
 * the e-mail still goes, and its HTML shows the image's alternative text instead.
 */
export async function mockupAttachments(dataRoot: string, mockups: readonly MailMockup[], log: Logger): Promise<MailAttachment[]> {
  const composed = await Promise.all(
    mockups.map(async (mockup) => {
      try {
        return [{ filename: mockup.filename, content: await composedOnce(dataRoot, mockup), contentType: 'image/jpeg', cid: mockup.cid }];
      } catch (error) {
        log.warn('mock-up left out of an e-mail: its picture or logo could not be read', {
          picture: mockup.picture,
          logos: mockup.logos.map((logo) => logo.image),
          error: (error as Error).message,
        });
        return [];
      }
    }),
  );
  return composed.flat();
}
