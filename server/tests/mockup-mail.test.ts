// The order e-mails' mock-ups against a real SMTP server (the sink) and the real order API on
// SQLite: a line with a logo is sent with its picture and the logo composed on it (sharp),
// inline in the buyer's confirmation, attached to the staff e-mail. The mock-ups depend on no
// database, so PostgreSQL is left to the other contracts.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it, beforeAll } from 'vitest';
import { DEFAULT_PLACEMENT_AREAS } from '../../src/domain/placement-areas.ts';
import { MOCKUP_WIDTH } from '../mail/compose-mockup.ts';
import { contractWorld, type ContractWorld } from './helpers/contract-world.ts';
import { aBypassOrderBody } from '../../tests/helpers/order-builders.ts';
import { BYPASS_CODE, BYPASS_RECIPIENTS, BYPASS_TENANT, PAYPAL_TENANT, POLO_LINE } from './helpers/order-fixture.ts';
import { mailParts } from './helpers/parse-mail.ts';
import type { ReceivedMail } from './helpers/smtp-sink.ts';

interface MailImage {
  contentType: string;
  filename: string;
  cid: string;
  disposition: string;
  bytes: Buffer;
}

/** Every image part of a received message, decoded by Python's `email` package (as parse-mail.ts does). */
function imagesOf(raw: string): MailImage[] {
  const script = [
    'import sys, json, email, base64',
    'from email import policy',
    'm = email.message_from_bytes(sys.stdin.buffer.read(), policy=policy.default)',
    'out = []',
    'for part in m.walk():',
    '    if part.get_content_maintype() == "image":',
    '        out.append({"contentType": part.get_content_type(), "filename": part.get_filename() or "", "cid": (part["content-id"] or "").strip("<>"), "disposition": part.get_content_disposition() or "", "data": base64.b64encode(part.get_payload(decode=True)).decode()})',
    'print(json.dumps(out))',
  ].join('\n');
  const parsed = JSON.parse(execFileSync('python3', ['-c', script], { input: raw, encoding: 'utf8' })) as (Omit<MailImage, 'bytes'> & { data: string })[];
  return parsed.map(({ data, ...image }) => ({ ...image, bytes: Buffer.from(data, 'base64') }));
}

const PICTURE = { r: 200, g: 200, b: 200 };
const LOGO = { r: 220, g: 0, b: 0 };
const BACK_PICTURE = { r: 150, g: 150, b: 255 };
const SECOND_LOGO = { r: 0, g: 160, b: 0 };

/** The colour of the pixel at (x, y) of a decoded image. */
async function pixel(image: Buffer, x: number, y: number): Promise<{ r: number; g: number; b: number }> {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return { r: data[at]!, g: data[at + 1]!, b: data[at + 2]! };
}

/** The staff e-mail (which gives the order's id) and the buyer's confirmation (sent to `email`) of an order. */
async function mailOf(world: ContractWorld, orderId: string, email: string): Promise<{ toStaff: ReceivedMail; toBuyer: ReceivedMail }> {
  const [toStaff] = await world.smtp.waitForMention(orderId);
  const [toBuyer] = await world.smtp.waitForMailTo(email);
  return { toStaff: toStaff!, toBuyer: toBuyer! };
}

const near = (a: { r: number; g: number; b: number }, b: { r: number; g: number; b: number }) =>
  Math.abs(a.r - b.r) + Math.abs(a.g - b.g) + Math.abs(a.b - b.b) < 40;

const BYPASS = { companyName: BYPASS_TENANT, code: BYPASS_CODE, store: 'Bypass Ford' };
const POLO = POLO_LINE;

describe('mock-ups in the order e-mails', () => {
  const world = contractWorld(async () => undefined);

  /** A bypass order of `cart` by a new buyer (Bypass Motors', unless another tenant is named), and its two e-mails. */
  async function placed(cart: object[], tenant: { companyName: string; code: string; store?: string } = BYPASS) {
    const email = `${randomUUID()}@dealer.example`;
    const created = await world.api.post('/v1/create-order', aBypassOrderBody(tenant.companyName, tenant.code, cart, { email, store: tenant.store ?? '' }));
    expect(created.status).toBe(200);
    const orderId = created.body.order_id as string;
    return { orderId, ...(await mailOf(world, orderId, email)) };
  }

  beforeAll(async () => {
    // The fixture's pictures are empty files; these two lines' are real: a plain grey 600 px
    // photo and a red logo twice as wide as high.
    const photo = await sharp({ create: { width: 600, height: 600, channels: 3, background: PICTURE } })
      .jpeg()
      .toBuffer();
    writeFileSync(path.join(world.fixture, 'catalogs/images/K500_navy.jpg'), photo);
    const logo = await sharp({ create: { width: 200, height: 100, channels: 4, background: { ...LOGO, alpha: 1 } } })
      .png()
      .toBuffer();
    writeFileSync(path.join(world.fixture, 'tenants/logos/Shield.png'), logo);
    // The back of the same polo, and a second logo in another colour.
    const back = await sharp({ create: { width: 600, height: 600, channels: 3, background: BACK_PICTURE } })
      .jpeg()
      .toBuffer();
    writeFileSync(path.join(world.fixture, 'catalogs/images/K500_navy_back.jpg'), back);
    const second = await sharp({ create: { width: 200, height: 100, channels: 4, background: { ...SECOND_LOGO, alpha: 1 } } })
      .png()
      .toBuffer();
    writeFileSync(path.join(world.fixture, 'tenants/logos/Script.png'), second);
  });

  it('carries the line’s picture with its logo drawn inside the placement’s area, inline for the buyer and attached for the staff', async () => {
    const mats = { type: 'service', name: 'FM-100', price: 1, quantity: 1, size: '# boxes', color: 'White', code: 'FM-100', placement: '', embroidery: '' };
    const { toStaff, toBuyer } = await placed([POLO, mats]);
    expect(toStaff.to).toEqual(BYPASS_RECIPIENTS);

    // One image per line with a logo: the floor mats have none.
    const buyerImages = imagesOf(toBuyer.raw);
    expect(buyerImages).toHaveLength(1);
    const [inline] = buyerImages;
    expect(inline!.contentType).toBe('image/jpeg');
    expect(inline!.disposition).toBe('inline');
    // The HTML shows it in the polo's line, by its Content-ID, saying what it shows.
    const { html } = mailParts(toBuyer.raw);
    expect(html).toContain(`src="cid:${inline!.cid}"`);
    expect(html).toContain('alt="K500 name with Shield at Left Chest"');

    const meta = await sharp(inline!.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([MOCKUP_WIDTH, MOCKUP_WIDTH]);
    // The logo fills the Left Chest area's middle, in its own colour; outside the area is the photo.
    const area = DEFAULT_PLACEMENT_AREAS.mens!['Left Chest']!;
    const middle = { x: Math.round((area.x + area.width / 2) * MOCKUP_WIDTH), y: Math.round((area.y + area.height / 2) * MOCKUP_WIDTH) };
    expect(near(await pixel(inline!.bytes, middle.x, middle.y), LOGO)).toBe(true);
    // Kept in shape: a 2:1 logo in a 48 x 36 px area is 24 px high, so the area's top rows stay photo.
    expect(near(await pixel(inline!.bytes, middle.x, Math.round(area.y * MOCKUP_WIDTH) + 2), PICTURE)).toBe(true);
    expect(near(await pixel(inline!.bytes, 10, 10), PICTURE)).toBe(true);
    expect(near(await pixel(inline!.bytes, Math.round((area.x - 0.05) * MOCKUP_WIDTH), middle.y), PICTURE)).toBe(true);

    // The staff e-mail is plain text: the same image as an attachment named for its line.
    const staffImages = imagesOf(toStaff.raw);
    expect(staffImages.map((image) => [image.filename, image.disposition])).toEqual([['K500 Navy, Shield at Left Chest.jpg', 'attachment']]);
    expect(staffImages[0]!.bytes.equals(inline!.bytes)).toBe(true);
  });

  it('draws a second logo on a back placement on the back picture: the line gets its front and its back, each with its own logo', async () => {
    const { toStaff, toBuyer } = await placed([{ ...POLO, secondEmbroidery: 'Script', secondPlacement: 'Yoke' }]);
    const images = imagesOf(toBuyer.raw);
    expect(images).toHaveLength(2);
    const [front, back] = images;
    const { html } = mailParts(toBuyer.raw);
    expect(html).toContain('alt="K500 name with Shield at Left Chest"');
    expect(html).toContain('alt="K500 name with Script at Yoke, back view"');
    for (const image of images) expect(html).toContain(`src="cid:${image.cid}"`);

    const middle = (area: { x: number; y: number; width: number; height: number }) =>
      [Math.round((area.x + area.width / 2) * MOCKUP_WIDTH), Math.round((area.y + area.height / 2) * MOCKUP_WIDTH)] as const;
    const chest = middle(DEFAULT_PLACEMENT_AREAS.mens!['Left Chest']!);
    const yoke = middle(DEFAULT_PLACEMENT_AREAS.mens!.Yoke!);
    // The front: the first logo at Left Chest, nothing at the yoke's spot.
    expect(near(await pixel(front!.bytes, ...chest), LOGO)).toBe(true);
    expect(near(await pixel(front!.bytes, ...yoke), PICTURE)).toBe(true);
    // The back: its own picture, the second logo at the Yoke, nothing at Left Chest.
    expect(near(await pixel(back!.bytes, ...yoke), SECOND_LOGO)).toBe(true);
    expect(near(await pixel(back!.bytes, ...chest), BACK_PICTURE)).toBe(true);

    expect(imagesOf(toStaff.raw).map((image) => image.filename)).toEqual(['K500 Navy, Shield at Left Chest.jpg', 'K500 Navy, Script at Yoke, back.jpg']);
  });

  it('draws none in the e-mails of a tenant whose item-page preview is off (show_image_preview)', async () => {
    const { toStaff, toBuyer } = await placed([POLO], { companyName: PAYPAL_TENANT, code: 'PPBYPASS' });
    for (const message of [toStaff, toBuyer]) expect(imagesOf(message.raw)).toEqual([]);
    expect(mailParts(toBuyer.raw).html).not.toContain('cid:');
  });

  it('sends the e-mail without the mock-up when the picture cannot be read, and says why in the log', async () => {
    // K500 Black's picture is the fixture's empty file.
    const { toStaff, toBuyer } = await placed([{ ...POLO, color: 'Black' }]);
    for (const message of [toStaff, toBuyer]) expect(imagesOf(message.raw)).toEqual([]);
    expect(
      world.api.logs.some(
        (line) => line.level === 'warn' && /mock-up left out/.test(String(line.msg)) && String(line.picture) === 'catalogs/images/K500_black.jpg',
      ),
    ).toBe(true);
  });
});
