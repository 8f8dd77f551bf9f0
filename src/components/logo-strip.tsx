import type { PictureData } from '../site/picture-data.ts';
import { ResponsivePicture } from './responsive-picture.tsx';

/** A row of embroidery logos with their names, for the landing preview and 'Available Logos:'. */
export function LogoStrip({ names, logos, label }: { names: readonly string[]; logos: Record<string, PictureData>; label: string }) {
  return (
    <ul className="logo-strip" aria-label={label}>
      {names.map((name) => {
        const logo = logos[name];
        return (
          <li key={name} className="logo-strip__item">
            {logo && <ResponsivePicture image={logo} alt="" sizes="6rem" className="logo-strip__image" />}
            <span>{name}</span>
          </li>
        );
      })}
    </ul>
  );
}
