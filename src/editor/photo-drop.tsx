import { useState, type DragEvent } from 'react';
import { describe, matchPhoto, PHOTO_MAX_SIDE, PHOTO_QUALITY, photoIndex } from '../core/data/photo-match.ts';
import type { Data } from './edit-state.ts';

export interface DroppedPhoto {
  /** catalogs/images/K500_navy.jpg */
  path: string;
  bytes: Uint8Array;
  from: string;
}

interface PhotoDropProps {
  /** Every catalog's products as edited (read when photos come): photos are matched to their codes and colours. */
  products(): readonly Data[];
  /** Names already in catalogs/images/ (saved, or dropped before). */
  present: ReadonlySet<string>;
  onPhotos(photos: DroppedPhoto[]): void;
}

const PHOTO = /\.(jpe?g|png|webp)$/i;

/**
 * Photos dropped from the desktop, filed as `npm run images:add` files them: matched to a product
 * colour by their names (the same matching), written as catalogs/images/<code>_<colour>.jpg, an
 * JPEG; a photo that is not one, or could be two, is refused with the reason.
 */
export function PhotoDrop({ products, present, onPhotos }: PhotoDropProps) {
  const [outcomes, setOutcomes] = useState<string[]>([]);
  const [over, setOver] = useState(false);
  const [replace, setReplace] = useState(false);

  const take = async (files: File[]) => {
    const index = photoIndex(
      products().map((product) => ({
        code: String(product.code ?? ''),
        colors: asList(product.colors),
        halfColors: asList(product.halfColors),
      })),
    );
    const lines: string[] = [];
    const taken: DroppedPhoto[] = [];
    for (const file of files) {
      if (!PHOTO.test(file.name)) {
        lines.push(`${file.name}: not a photo${/\.hei[cf]$/i.test(file.name) ? ' (an iPhone HEIC: export it as JPEG first)' : ''}`);
        continue;
      }
      const match = matchPhoto(index, file.name);
      if (match.kind !== 'matched') {
        lines.push(
          `${file.name}: ${match.kind}, ${match.reason}${match.kind === 'unmatched' && match.nearest.length > 0 ? ` (did you mean ${match.nearest.join(', ')}?)` : ''}`,
        );
        continue;
      }
      const name = match.target.file;
      if (taken.some((photo) => photo.path.endsWith(`/${name}`))) {
        lines.push(`${file.name}: another dropped photo is already ${describe(match.target)}`);
        continue;
      }
      if (present.has(name) && !replace) {
        lines.push(`${file.name}: kept ${name} as it is (tick "replace" to put this one in its place)`);
        continue;
      }
      try {
        taken.push({ path: `catalogs/images/${name}`, bytes: await asJpeg(file), from: file.name });
        lines.push(`${file.name} → catalogs/images/${name} (${describe(match.target)})`);
      } catch {
        lines.push(`${file.name}: unreadable, the browser cannot decode it`);
      }
    }
    setOutcomes(lines);
    if (taken.length > 0) onPhotos(taken);
  };

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    void take([...event.dataTransfer.files]);
  };

  return (
    <section
      className={over ? 'photo-drop over' : 'photo-drop'}
      aria-label="Photos"
      onDragOver={(event) => (event.preventDefault(), setOver(true))}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <p>
        Drop product photos here, named with the code and colour (K500 navy.jpg), or{' '}
        <label className="link">
          choose them
          <input type="file" multiple accept="image/jpeg,image/png,image/webp" hidden onChange={(event) => void take([...(event.target.files ?? [])])} />
        </label>
        .{' '}
        <label>
          <input type="checkbox" checked={replace} onChange={(event) => setReplace(event.target.checked)} /> replace photos that exist
        </label>
      </p>
      {outcomes.length > 0 && (
        <ul className="photo-outcomes" role="status">
          {outcomes.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

function asList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/**
 * The photo as images:add keeps one: a JPEG at most PHOTO_MAX_SIDE on its longer side, upright
 * (the browser applies EXIF rotation when decoding), transparency flattened onto white, at PHOTO_QUALITY.
 */
async function asJpeg(file: File): Promise<Uint8Array> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  const scale = Math.min(1, PHOTO_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const width = Math.round(bitmap.width * scale);
  const height = Math.round(bitmap.height * scale);
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.drawImage(bitmap, 0, 0, width, height);
  return new Uint8Array(await (await canvas.convertToBlob({ type: 'image/jpeg', quality: PHOTO_QUALITY / 100 })).arrayBuffer());
}
