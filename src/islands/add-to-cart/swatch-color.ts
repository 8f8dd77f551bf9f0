/**
 * The fill of a colour swatch, from the colour's name as the catalog writes it. Catalogs name
 * colours as apparel makers do ('Graphite', 'Heathered Charcoal', 'Safety Green'), and many of
 * those are no CSS colour: an unknown name made the chip transparent, so Graphite looked like
 * White. Known apparel names map to a shade here; others use a CSS colour they end with
 * ('Deep Navy' → navy), else a neutral grey. The swatch also shows the name, so two close
 * shades are never told apart by the chip alone.
 */

const APPAREL_SHADES: Readonly<Record<string, string>> = {
  ash: '#c9c8c3',
  'athletic heather': '#a7a9ac',
  'athletic oxford': '#8c8d8f',
  canary: '#ffef8a',
  charcoal: '#3b3d40',
  chrome: '#c0c4c8',
  clear: '#eef2f5',
  'dark green': 'darkgreen',
  'dark grey': 'dimgray',
  'deep smoke': '#5e5f61',
  'duck brown': '#8a6a43',
  graphite: '#4a4d52',
  heather: '#a7a9ac',
  'heather grey': '#a7a9ac',
  'iron grey': '#55585c',
  'light blue': 'lightblue',
  'light stone': '#d8cfbf',
  manila: '#f1dfa8',
  moss: '#6b7545',
  natural: '#efe6d2',
  'oxford blue': '#2b3a55',
  'realtree camo': '#6b5a3e',
  'royal blue': 'royalblue',
  royal: '#1d4fa3',
  'safety green': '#c6e41c',
  'safety orange': '#ff6a13',
  'steel grey': '#71797e',
  stone: '#c2b8a3',
};

/** CSS colour names a catalog's colour may end with. */
const CSS_NAMES = new Set([
  'black',
  'white',
  'grey',
  'gray',
  'silver',
  'navy',
  'blue',
  'red',
  'maroon',
  'green',
  'olive',
  'yellow',
  'gold',
  'orange',
  'brown',
  'tan',
  'khaki',
  'ivory',
  'beige',
  'pink',
  'purple',
  'teal',
  'aqua',
  'cyan',
]);

export const UNKNOWN_SHADE = '#9a9a9a';

export function swatchColor(name = ''): string {
  const words = name.toLowerCase().trim().split(/\s+/);
  const whole = words.join(' ');
  const known = APPAREL_SHADES[whole];
  if (known) return known;
  // 'Heathered Charcoal', 'True Royal': the last word names the shade.
  const last = words[words.length - 1] ?? '';
  return APPAREL_SHADES[last] ?? (CSS_NAMES.has(last) ? last : UNKNOWN_SHADE);
}
