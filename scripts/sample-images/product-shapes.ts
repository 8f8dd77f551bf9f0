/**
 * Flat product silhouettes drawn as SVG fragments on a 1200-wide canvas, centred on
 * x = 600 and kept within y ≈ 110–900 so the bottom of the picture is free for text.
 */
import { num } from './svg.ts';

export const SHAPE_CANVAS_WIDTH = 1200;
const CENTER_X = SHAPE_CANVAS_WIDTH / 2;

export interface ProductPaint {
  /** Main surface: a colour, or url(#…) of a two-tone split across the canvas. */
  body: string;
  /** Secondary parts (collar, visor, lid, cuffs): the second colour of a two-tone. */
  trim: string;
  /** Silhouette outline. */
  edge: string;
  /** Seams, buttons and other marks drawn on top of the body. */
  detail: string;
}

export type ShapeDrawer = (paint: ProductPaint) => string;

export interface ShapeSubject {
  type: string;
  name: string;
  subCategory?: string;
}

const EDGE_WIDTH = 6;
const PAPER = '#fbfbf9';
const PAPER_LINE = '#b9c9d8';
const METAL = '#b9bdc2';
const METAL_EDGE = '#7d8288';

// ---------------------------------------------------------------------------------------
// Drawing primitives

function filled(d: string, fill: string, edge: string, extra = ''): string {
  return `<path d="${d}" fill="${fill}" stroke="${edge}" stroke-width="${EDGE_WIDTH}" stroke-linejoin="round"${extra}/>`;
}

function stroked(d: string, stroke: string, width: number, extra = ''): string {
  return `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"${extra}/>`;
}

/** A translucent overlay that darkens (or lightens) whatever body fill lies under it. */
function tint(d: string, color: '#000000' | '#ffffff', opacity: number): string {
  return `<path d="${d}" fill="${color}" fill-opacity="${opacity}"/>`;
}

function circle(cx: number, cy: number, r: number, fill: string, extra = ''): string {
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"${extra}/>`;
}

/**
 * Draws a left-side fragment and its mirror image. Only for fragments painted with plain
 * colours: a url(#split) body fill would be mirrored too and swap the two-tone halves.
 */
function symmetric(leftSide: string): string {
  return `${leftSide}<g transform="matrix(-1 0 0 1 ${SHAPE_CANVAS_WIDTH} 0)">${leftSide}</g>`;
}

/** A circle as a sub-path, so it can punch a hole with fill-rule="evenodd". */
function circlePath(cx: number, cy: number, r: number): string {
  return `M ${cx - r} ${cy} a ${r} ${r} 0 1 0 ${2 * r} 0 a ${r} ${r} 0 1 0 ${-2 * r} 0 Z`;
}

const EVEN_ODD = ' fill-rule="evenodd"';

// ---------------------------------------------------------------------------------------
// Apparel

const POLO_BODY =
  'M 520 170 L 385 205 L 225 330 L 295 455 L 385 405 L 385 880 Q 600 905 815 880 L 815 405 ' + 'L 905 455 L 975 330 L 815 205 L 680 170 Q 600 215 520 170 Z';
// Same outline with a waist: sides curve in and flare back out to the hem.
const FITTED_BODY =
  'M 520 170 L 385 205 L 225 330 L 295 455 L 390 405 C 440 560 430 720 375 880 Q 600 905 825 880 ' +
  'C 770 720 760 560 810 405 L 905 455 L 975 330 L 815 205 L 680 170 Q 600 215 520 170 Z';
// Long sleeves share the dress shirt's outline; the neck matches BACK_NECK.
const LONG_SLEEVE_BODY =
  'M 520 170 L 385 198 Q 320 215 300 290 L 220 745 L 305 760 L 385 440 L 390 880 Q 600 900 810 880 ' +
  'L 815 440 L 895 760 L 980 745 L 900 290 Q 880 215 815 198 L 680 170 Q 600 215 520 170 Z';
const LONG_SLEEVE_CUFF = 'M 226 712 L 310 727 L 305 760 L 220 745 Z';
const BACK_NECK = 'M 520 170 Q 600 140 680 170 Q 600 215 520 170 Z';
const SHORT_SLEEVE_BAND = 'M 225 330 L 295 455 L 319 436 L 249 311 Z';

function polo(fitted: boolean): ShapeDrawer {
  return (paint) =>
    [
      filled(fitted ? FITTED_BODY : POLO_BODY, paint.body, paint.edge),
      filled(BACK_NECK, paint.trim, paint.edge),
      symmetric(filled(SHORT_SLEEVE_BAND, paint.trim, paint.edge)),
      `<rect x="582" y="205" width="36" height="175" fill="none" stroke="${paint.detail}" stroke-width="5"/>`,
      symmetric(filled('M 515 168 Q 560 205 600 236 L 558 292 L 488 188 Z', paint.trim, paint.edge)),
      [262, 306, 350].map((y) => circle(CENTER_X, y, 8, paint.detail)).join(''),
    ].join('');
}

function tshirt(fitted: boolean, longSleeves = false): ShapeDrawer {
  const body = longSleeves ? LONG_SLEEVE_BODY : fitted ? FITTED_BODY : POLO_BODY;
  return (paint) =>
    [
      filled(body, paint.body, paint.edge),
      filled(BACK_NECK, paint.trim, paint.edge),
      stroked('M 518 174 Q 600 236 682 174', paint.trim, 24),
      stroked('M 518 174 Q 600 236 682 174', paint.edge, 4, ' stroke-opacity="0.5"'),
      longSleeves
        ? symmetric(filled(LONG_SLEEVE_CUFF, paint.trim, paint.edge))
        : symmetric(stroked('M 255 350 L 310 445', paint.detail, 4, ' stroke-dasharray="10 10"')),
    ].join('');
}

const JACKET_BODY =
  'M 515 165 L 370 200 Q 300 220 275 300 L 190 760 L 290 778 L 372 430 L 372 880 Q 600 895 828 880 ' +
  'L 828 430 L 910 778 L 1010 760 L 925 300 Q 900 220 830 200 L 685 165 Q 600 205 515 165 Z';
const VEST_BODY = 'M 515 165 L 395 200 Q 355 300 395 430 L 372 880 Q 600 895 828 880 L 805 430 Q 845 300 805 200 ' + 'L 685 165 Q 600 205 515 165 Z';
const STAND_COLLAR = 'M 515 165 L 508 115 Q 600 150 692 115 L 685 165 Q 600 205 515 165 Z';

function jacket(sleeves: boolean): ShapeDrawer {
  return (paint) =>
    [
      filled(sleeves ? JACKET_BODY : VEST_BODY, paint.body, paint.edge),
      filled(STAND_COLLAR, paint.trim, paint.edge),
      sleeves ? symmetric(filled('M 197 722 L 297 741 L 290 778 L 190 760 Z', paint.trim, paint.edge)) : '',
      filled('M 372 845 L 828 845 L 828 880 Q 600 895 372 880 Z', paint.trim, paint.edge),
      stroked('M 600 190 L 600 880', paint.detail, 6),
      `<rect x="590" y="190" width="20" height="44" rx="5" fill="${paint.detail}"/>`,
      symmetric(stroked('M 430 650 L 475 560', paint.detail, 9)),
    ].join('');
}

const DRESS_SHIRT_BODY =
  'M 520 165 L 385 198 Q 320 215 300 290 L 220 745 L 305 760 L 385 440 L 390 880 Q 600 900 810 880 ' +
  'L 815 440 L 895 760 L 980 745 L 900 290 Q 880 215 815 198 L 680 165 Q 600 200 520 165 Z';

function dressShirt(paint: ProductPaint): string {
  return [
    filled(DRESS_SHIRT_BODY, paint.body, paint.edge),
    filled('M 520 165 Q 600 138 680 165 Q 600 200 520 165 Z', paint.trim, paint.edge),
    symmetric(filled(LONG_SLEEVE_CUFF, paint.trim, paint.edge)),
    stroked('M 600 205 L 600 885', paint.detail, 4),
    [270, 355, 440, 525, 610, 695, 780].map((y) => circle(CENTER_X + 14, y, 8, paint.detail)).join(''),
    `<rect x="440" y="330" width="92" height="104" rx="6" fill="none" stroke="${paint.detail}" stroke-width="5"/>`,
    symmetric(filled('M 518 163 L 600 214 L 545 268 L 500 180 Z', paint.trim, paint.edge)),
  ].join('');
}

/**
 * The back of a polo or tee: the same outline with its collar seen from behind, and none of the
 * front's placket, buttons or neckline, so back placements (Yoke, Full Back) have a plain field.
 */
function apparelBack(fitted: boolean): ShapeDrawer {
  return (paint) =>
    [
      filled(fitted ? FITTED_BODY : POLO_BODY, paint.body, paint.edge),
      filled('M 515 168 Q 600 140 685 168 L 680 205 Q 600 185 520 205 Z', paint.trim, paint.edge),
      symmetric(filled(SHORT_SLEEVE_BAND, paint.trim, paint.edge)),
      stroked('M 400 232 Q 600 262 800 232', paint.detail, 4, ' stroke-dasharray="10 10"'),
    ].join('');
}

// ---------------------------------------------------------------------------------------
// Hats

// Side view: a front view of a cap reads as a bowl, the profile with its bill does not.
function cap(paint: ProductPaint): string {
  return [
    filled('M 385 625 C 370 400 480 285 640 285 C 800 285 885 420 880 625 Q 630 655 385 625 Z', paint.body, paint.edge),
    stroked('M 636 292 C 560 360 530 480 540 632', paint.detail, 5),
    stroked('M 644 292 C 730 370 765 490 762 636', paint.detail, 5),
    circle(470, 440, 9, paint.detail),
    circle(700, 380, 9, paint.detail),
    `<ellipse cx="640" cy="287" rx="26" ry="14" fill="${paint.trim}" stroke="${paint.edge}" stroke-width="${EDGE_WIDTH}"/>`,
    filled('M 410 598 C 330 606 230 640 170 695 C 270 730 440 705 545 640 Q 470 618 410 598 Z', paint.trim, paint.edge),
    stroked('M 400 622 C 320 636 250 660 215 690', paint.detail, 4, ' stroke-dasharray="12 10"'),
  ].join('');
}

function beanie(paint: ProductPaint): string {
  const ribs = Array.from({ length: 15 }, (_, i) => 380 + i * 31)
    .map((x) => stroked(`M ${x} 585 L ${x} 730`, paint.detail, 4, ' stroke-opacity="0.55"'))
    .join('');
  return [
    circle(CENTER_X, 235, 66, paint.trim, ` stroke="${paint.edge}" stroke-width="${EDGE_WIDTH}"`),
    filled('M 370 640 C 370 360 460 255 600 255 C 740 255 830 360 830 640 Z', paint.body, paint.edge),
    symmetric(stroked('M 560 262 C 480 320 450 460 450 590', paint.detail, 4, ' stroke-opacity="0.55"')),
    stroked('M 600 258 L 600 590', paint.detail, 4, ' stroke-opacity="0.55"'),
    `<rect x="345" y="565" width="510" height="185" rx="28" fill="${paint.trim}" stroke="${paint.edge}" stroke-width="${EDGE_WIDTH}"/>`,
    ribs,
  ].join('');
}

// ---------------------------------------------------------------------------------------
// Accessories

function mug(paint: ProductPaint): string {
  const handle = 'M 735 390 C 900 390 900 650 735 650';
  return [
    stroked(handle, paint.edge, 62),
    stroked(handle, paint.body, 50),
    filled('M 380 300 L 380 730 C 380 785 740 785 740 730 L 740 300 Z', paint.body, paint.edge),
    `<ellipse cx="560" cy="300" rx="180" ry="38" fill="${paint.trim}" stroke="${paint.edge}" stroke-width="${EDGE_WIDTH}"/>`,
    `<ellipse cx="560" cy="304" rx="158" ry="28" fill="#000000" fill-opacity="0.35"/>`,
  ].join('');
}

function tumbler(paint: ProductPaint): string {
  return [
    filled('M 470 262 L 730 262 L 700 830 C 700 858 500 858 500 830 Z', paint.body, paint.edge),
    tint('M 488 262 L 530 262 L 518 830 L 506 830 Z', '#ffffff', 0.25),
    `<rect x="452" y="190" width="296" height="86" rx="20" fill="${paint.trim}" stroke="${paint.edge}" stroke-width="${EDGE_WIDTH}"/>`,
    `<rect x="555" y="168" width="90" height="30" rx="12" fill="${paint.trim}" stroke="${paint.edge}" stroke-width="${EDGE_WIDTH}"/>`,
  ].join('');
}

function umbrella(paint: ProductPaint): string {
  // The canopy's lower edge: six scallops between rib tips, drawn right to left.
  const tips = Array.from({ length: 7 }, (_, i) => 220 + (i * 760) / 6);
  const scallops = tips
    .slice(0, -1)
    .reverse()
    .map((toX) => `Q ${num(toX + 760 / 12)} 478 ${num(toX)} 520`)
    .join(' ');
  const canopy = `M 220 520 C 260 270 420 182 600 182 C 780 182 940 270 980 520 ${scallops} Z`;
  const ribs = tips
    .slice(1, -1)
    .map((x) => stroked(`M 600 186 Q ${num(600 + (x - 600) * 0.6)} 300 ${num(x)} 520`, paint.detail, 4))
    .join('');
  return [
    stroked('M 600 140 L 600 182', METAL_EDGE, 12),
    filled(canopy, paint.body, paint.edge),
    ribs,
    stroked('M 600 520 L 600 830', '#3a3d42', 14),
    stroked('M 600 830 Q 600 895 555 895 Q 515 895 515 855', '#3a3d42', 26),
  ].join('');
}

function toteBag(paint: ProductPaint): string {
  return [
    stroked('M 470 390 C 470 175 730 175 730 390', paint.edge, 40),
    stroked('M 470 390 C 470 175 730 175 730 390', paint.trim, 28),
    filled('M 360 380 L 840 380 L 875 865 L 325 865 Z', paint.body, paint.edge),
    tint('M 363 383 L 837 383 L 840 430 L 360 430 Z', '#000000', 0.15),
    symmetric(`<rect x="455" y="380" width="30" height="60" fill="${paint.trim}"/>`),
  ].join('');
}

function pen(paint: ProductPaint): string {
  return [
    '<g transform="rotate(-35 600 500)">',
    filled('M 335 472 L 240 500 L 335 528 Z', METAL, METAL_EDGE),
    `<rect x="330" y="460" width="560" height="80" rx="40" fill="${paint.body}" stroke="${paint.edge}" stroke-width="${EDGE_WIDTH}"/>`,
    `<rect x="350" y="466" width="120" height="68" rx="30" fill="${paint.trim}" fill-opacity="0.8"/>`,
    `<rect x="880" y="478" width="70" height="44" rx="12" fill="${paint.trim}" stroke="${paint.edge}" stroke-width="${EDGE_WIDTH}"/>`,
    `<rect x="680" y="428" width="220" height="26" rx="13" fill="${METAL}" stroke="${METAL_EDGE}" stroke-width="4"/>`,
    '</g>',
  ].join('');
}

function lanyard(paint: ProductPaint): string {
  const strap = 'M 600 760 C 470 700 360 480 400 250 C 430 120 770 120 800 250 C 840 480 730 700 600 760';
  return [
    stroked(strap, paint.edge, 72),
    stroked(strap, paint.body, 60),
    stroked(strap, paint.detail, 4, ' stroke-dasharray="16 14"'),
    `<rect x="572" y="770" width="56" height="80" rx="12" fill="${METAL}" stroke="${METAL_EDGE}" stroke-width="${EDGE_WIDTH}"/>`,
    stroked('M 600 850 L 600 880 Q 600 930 645 930 Q 690 930 690 888', METAL_EDGE, 20),
    stroked('M 600 850 L 600 880 Q 600 930 645 930 Q 690 930 690 888', METAL, 12),
  ].join('');
}

// ---------------------------------------------------------------------------------------
// Customs

function plateFrame(paint: ProductPaint): string {
  return [
    `<rect x="200" y="255" width="800" height="440" rx="44" fill="${paint.body}" stroke="${paint.edge}" stroke-width="${EDGE_WIDTH}"/>`,
    `<rect x="252" y="310" width="696" height="310" rx="18" fill="${PAPER}" stroke="${paint.edge}" stroke-width="4"/>`,
    `<text x="600" y="515" font-family="DejaVu Sans Mono, Liberation Mono, monospace" font-weight="bold" font-size="150" fill="#2c3e66" text-anchor="middle">ABC 123</text>`,
    symmetric([circle(320, 350, 13, METAL), circle(320, 580, 13, METAL)].join('')),
  ].join('');
}

function keyFob(paint: ProductPaint): string {
  const tag = 'M 480 430 Q 480 330 600 320 Q 720 330 720 430 L 720 770 Q 720 810 680 810 L 520 810 Q 480 810 480 770 Z';
  return [
    `<circle cx="600" cy="290" r="92" fill="none" stroke="${METAL_EDGE}" stroke-width="20"/>`,
    `<circle cx="600" cy="290" r="92" fill="none" stroke="${METAL}" stroke-width="12"/>`,
    filled(`${tag} ${circlePath(600, 390, 24)}`, paint.body, paint.edge, EVEN_ODD),
    `<rect x="505" y="450" width="190" height="335" rx="20" fill="none" stroke="${paint.detail}" stroke-width="4" stroke-dasharray="12 9"/>`,
  ].join('');
}

function decal(paint: ProductPaint): string {
  const star = Array.from({ length: 10 }, (_, i) => {
    const angle = (Math.PI / 5) * i - Math.PI / 2;
    const radius = i % 2 === 0 ? 120 : 50;
    return `${num(600 + radius * Math.cos(angle))} ${num(490 + radius * Math.sin(angle))}`;
  });
  return [
    `<g transform="rotate(-5 600 490)">`,
    `<rect x="240" y="290" width="720" height="400" rx="70" fill="${paint.body}" stroke="${paint.edge}" stroke-width="${EDGE_WIDTH}"/>`,
    `<rect x="272" y="322" width="656" height="336" rx="48" fill="none" stroke="${paint.detail}" stroke-width="6" stroke-dasharray="18 12"/>`,
    `<path d="M ${star.join(' L ')} Z" fill="${paint.trim}" stroke="${paint.edge}" stroke-width="4"/>`,
    filled('M 960 600 L 960 620 Q 960 690 890 690 L 870 690 Z', PAPER, paint.edge),
    '</g>',
  ].join('');
}

// ---------------------------------------------------------------------------------------
// Supplies

function ruledLines(x: number, width: number, fromY: number, toY: number, step: number): string {
  const lines: string[] = [];
  for (let y = fromY; y <= toY; y += step) lines.push(`M ${x} ${y} L ${x + width} ${y}`);
  return stroked(lines.join(' '), PAPER_LINE, 4);
}

function notepad(paint: ProductPaint): string {
  return [
    `<rect x="360" y="250" width="540" height="640" rx="12" fill="${PAPER}" stroke="${METAL_EDGE}" stroke-width="4"/>`,
    `<rect x="345" y="235" width="540" height="640" rx="12" fill="${PAPER}" stroke="${METAL_EDGE}" stroke-width="4"/>`,
    `<rect x="330" y="220" width="540" height="640" rx="12" fill="${PAPER}" stroke="${paint.edge}" stroke-width="${EDGE_WIDTH}"/>`,
    filled('M 342 220 L 858 220 Q 870 220 870 232 L 870 350 L 330 350 L 330 232 Q 330 220 342 220 Z', paint.body, paint.edge),
    ruledLines(370, 460, 420, 820, 50),
    stroked('M 400 360 L 400 850', '#e2a0a0', 4),
  ].join('');
}

function clipboardForm(paint: ProductPaint): string {
  const boxes = [430, 520, 610].map((y) => `<rect x="410" y="${y}" width="34" height="34" fill="none" stroke="${PAPER_LINE}" stroke-width="4"/>`).join('');
  return [
    `<rect x="330" y="180" width="540" height="720" rx="30" fill="${paint.body}" stroke="${paint.edge}" stroke-width="${EDGE_WIDTH}"/>`,
    `<rect x="372" y="250" width="456" height="610" fill="${PAPER}" stroke="${METAL_EDGE}" stroke-width="3"/>`,
    stroked('M 410 320 L 620 320', '#5b6770', 14),
    boxes,
    ruledLines(470, 320, 447, 627, 90),
    ruledLines(410, 380, 700, 820, 60),
    `<rect x="490" y="150" width="220" height="90" rx="18" fill="${METAL}" stroke="${METAL_EDGE}" stroke-width="${EDGE_WIDTH}"/>`,
    circle(CENTER_X, 185, 18, '#ffffff', ` stroke="${METAL_EDGE}" stroke-width="4"`),
  ].join('');
}

function box(paint: ProductPaint): string {
  const front = 'M 330 430 L 700 490 L 700 870 L 330 810 Z';
  const side = 'M 700 490 L 900 410 L 900 770 L 700 870 Z';
  const top = 'M 330 430 L 530 350 L 900 410 L 700 490 Z';
  return [
    filled(front, paint.body, paint.edge),
    filled(side, paint.body, paint.edge),
    tint(side, '#000000', 0.2),
    filled(top, paint.body, paint.edge),
    tint(top, '#ffffff', 0.25),
    stroked('M 430 390 L 800 450', paint.trim, 36),
    stroked('M 515 460 L 515 840', paint.trim, 36),
    // A shipping label following the slant of the front face.
    `<path d="M 370 640 L 520 664 L 520 764 L 370 740 Z" fill="${PAPER}" stroke="${paint.edge}" stroke-width="3"/>`,
  ].join('');
}

function folder(paint: ProductPaint): string {
  return [
    filled('M 300 250 L 900 250 L 900 880 L 300 880 Z', paint.body, paint.edge),
    tint('M 303 253 L 897 253 L 897 877 L 303 877 Z', '#000000', 0.22),
    `<rect x="360" y="200" width="470" height="420" fill="${PAPER}" stroke="${METAL_EDGE}" stroke-width="3"/>`,
    `<rect x="390" y="170" width="470" height="420" fill="${PAPER}" stroke="${METAL_EDGE}" stroke-width="3"/>`,
    stroked('M 430 250 L 640 250', '#5b6770', 14),
    ruledLines(430, 380, 310, 550, 48),
    filled('M 300 560 L 900 500 L 900 880 L 300 880 Z', paint.body, paint.edge),
    stroked('M 720 640 L 760 600 L 840 600 L 880 640', paint.detail, 5),
  ].join('');
}

function sprayBottle(paint: ProductPaint): string {
  return [
    filled(
      'M 500 440 L 700 440 C 760 520 780 580 780 650 L 780 845 Q 780 875 750 875 L 450 875 Q 420 875 420 845 L 420 650 C 420 580 440 520 500 440 Z',
      paint.body,
      paint.edge,
    ),
    `<rect x="540" y="365" width="120" height="80" rx="8" fill="${paint.trim}" stroke="${paint.edge}" stroke-width="${EDGE_WIDTH}"/>`,
    filled('M 690 360 Q 710 455 665 500 L 640 488 Q 672 440 655 365 Z', paint.trim, paint.edge),
    filled('M 500 260 L 690 260 Q 745 262 765 300 L 815 305 L 815 350 L 700 356 L 700 372 L 525 372 Q 500 372 500 347 Z', paint.trim, paint.edge),
    `<rect x="470" y="610" width="260" height="190" rx="12" fill="${PAPER}" stroke="${paint.edge}" stroke-width="4"/>`,
    ruledLines(500, 200, 660, 760, 50),
  ].join('');
}

function paintCan(paint: ProductPaint): string {
  return [
    stroked('M 385 420 C 385 130 815 130 815 420', METAL_EDGE, 10),
    filled('M 380 340 L 380 820 C 380 875 820 875 820 820 L 820 340 Z', METAL, METAL_EDGE),
    filled('M 380 470 L 820 470 L 820 730 C 820 780 380 780 380 730 Z', paint.body, paint.edge),
    `<ellipse cx="600" cy="340" rx="220" ry="46" fill="#d3d7db" stroke="${METAL_EDGE}" stroke-width="${EDGE_WIDTH}"/>`,
    `<ellipse cx="600" cy="340" rx="188" ry="34" fill="${paint.trim}" stroke="${METAL_EDGE}" stroke-width="4"/>`,
    filled('M 640 372 L 640 470 Q 640 500 660 500 Q 680 500 680 470 L 680 370 Z', paint.trim, paint.edge),
  ].join('');
}

function flag(paint: ProductPaint): string {
  return [
    stroked('M 420 170 L 420 880', METAL_EDGE, 20),
    stroked('M 420 170 L 420 880', METAL, 12),
    circle(420, 160, 20, METAL, ` stroke="${METAL_EDGE}" stroke-width="4"`),
    filled('M 430 200 C 560 150 660 260 860 200 L 860 530 C 660 590 560 480 430 530 Z', paint.body, paint.edge),
    `<path d="M 433 365 C 560 315 660 425 857 365" fill="none" stroke="${paint.detail}" stroke-width="24"/>`,
  ].join('');
}

function floorMat(paint: ProductPaint): string {
  const grooves = Array.from({ length: 10 }, (_, i) => 290 + i * 55)
    .map((y) => `M 395 ${y} L 805 ${y}`)
    .join(' ');
  return [
    filled(
      'M 380 190 L 820 190 Q 860 190 862 230 L 880 830 Q 880 875 835 875 L 365 875 Q 320 875 320 830 L 338 230 Q 340 190 380 190 Z',
      paint.body,
      paint.edge,
    ),
    stroked(grooves, paint.detail, 6),
    tint('M 450 640 L 750 640 Q 770 640 770 660 L 770 800 Q 770 820 750 820 L 450 820 Q 430 820 430 800 L 430 660 Q 430 640 450 640 Z', '#000000', 0.15),
  ].join('');
}

function envelope(paint: ProductPaint): string {
  return [
    `<rect x="250" y="290" width="700" height="450" rx="12" fill="${paint.body}" stroke="${paint.edge}" stroke-width="${EDGE_WIDTH}"/>`,
    stroked('M 256 734 L 520 500 M 944 734 L 680 500', paint.edge, 4, ' stroke-opacity="0.6"'),
    filled('M 256 296 L 600 560 L 944 296 Z', paint.body, paint.edge),
    tint('M 262 300 L 600 556 L 938 300 Z', '#000000', 0.06),
  ].join('');
}

function gear(paint: ProductPaint): string {
  const teeth = 12;
  const points: string[] = [];
  for (let i = 0; i < teeth; i++) {
    const center = (2 * Math.PI * i) / teeth;
    for (const [offset, radius] of [
      [-0.17, 255],
      [-0.09, 320],
      [0.09, 320],
      [0.17, 255],
    ] as const) {
      const angle = center + offset;
      points.push(`${num(600 + radius * Math.cos(angle))} ${num(500 + radius * Math.sin(angle))}`);
    }
  }
  return [
    filled(`M ${points.join(' L ')} Z ${circlePath(600, 500, 95)}`, paint.body, paint.edge, EVEN_ODD),
    `<circle cx="600" cy="500" r="180" fill="none" stroke="${paint.detail}" stroke-width="6"/>`,
  ].join('');
}

function hangTag(paint: ProductPaint): string {
  return [
    filled(`M 280 310 L 760 310 L 920 490 L 760 670 L 280 670 Z ${circlePath(800, 490, 28)}`, paint.body, paint.edge, EVEN_ODD),
    stroked('M 800 490 C 880 330 990 330 1040 200', '#8b6b4a', 6),
    `<rect x="320" y="360" width="400" height="260" rx="10" fill="${PAPER}" stroke="${paint.edge}" stroke-width="3"/>`,
    ruledLines(350, 340, 430, 580, 50),
  ].join('');
}

// ---------------------------------------------------------------------------------------
// Choosing a shape

/** Shapes by name, for pictures that are not about a particular product (banners). */
export const SHAPES = {
  polo: polo(false),
  cap,
  mug,
  jacket: jacket(true),
} as const satisfies Record<string, ShapeDrawer>;

function isLongSleeve(words: string): boolean {
  return /long ?sleeve|\bls\b/.test(words);
}

function apparelShape(words: string, fitted: boolean): ShapeDrawer {
  if (/\bvests?\b/.test(words)) return jacket(false);
  if (/jacket|outerwear|coat|fleece|soft ?shell|hood|sweat|quarter|1\/4|pullover|parka|anorak/.test(words)) {
    return jacket(true);
  }
  if (/dress|oxford|woven|button|twill|denim|poplin|blouse|easy care|camp shirt/.test(words)) return dressShirt;
  if (/\btees?\b|t-shirt|tshirt/.test(words)) return tshirt(fitted, isLongSleeve(words));
  return polo(fitted);
}

// Non-apparel products are named for what they are ("Oil Change Stickers", "Grease
// Markers"), whatever department sells them, so the name wins over the type. First match wins.
const KEYWORD_SHAPES: ReadonlyArray<readonly [RegExp, ShapeDrawer]> = [
  [/\bmugs?\b|\bcups?\b/, mug],
  [/spray|cleaner|shine|protectant|protector|polish|dressing|wax/, sprayBottle],
  [/tumbler|bottle|flask|thermos|can cooler|koozie/, tumbler],
  [/umbrella/, umbrella],
  [/\bpens?\b|marker|pencil/, pen],
  [/lanyard/, lanyard],
  [/\bflags?\b|banner|pennant/, flag],
  [/plate|frame/, plateFrame],
  [/\bfobs?\b|key ?chain|key ?ring/, keyFob],
  [/sticker|decal|label|cling/, decal],
  [/\btags?\b/, hangTag],
  [/\bmats?\b/, floorMat],
  [/\bbags?\b|tote|backpack|duffel/, toteBag],
  [/paint|primer|clear ?coat/, paintCan],
  [/envelope/, envelope],
  [/\bpads?\b|notes?\b|letterhead|\bcards?\b|memo|notebook/, notepad],
  [/\bbox(es)?\b|carton/, box],
  [/folder|deal jacket|guide|binder/, folder],
  [/\bforms?\b|order|checklist|inspection/, clipboardForm],
  [/\bgears?\b/, gear],
];

const TYPE_SHAPES: Readonly<Record<string, ShapeDrawer>> = {
  accessory: toteBag,
  customs: decal,
  office: notepad,
  service: clipboardForm,
  sales: folder,
  detail: sprayBottle,
  bodyshop: paintCan,
  parts: gear,
};

/** The silhouette of a garment's back: short-sleeved tops only (the sample's back pictures). */
export function backShapeFor(subject: ShapeSubject): ShapeDrawer | undefined {
  const words = `${subject.subCategory ?? ''} ${subject.name}`.toLowerCase();
  const apparel = subject.type === 'mens' || subject.type === 'womens' || subject.type === 'tshirts';
  if (!apparel || isLongSleeve(words) || /jacket|outerwear|coat|fleece|vest|dress|oxford|woven/.test(words)) return undefined;
  return apparelBack(subject.type === 'womens');
}

/** The silhouette for a product: apparel and hats by type, everything else by name first. */
export function shapeFor(subject: ShapeSubject): ShapeDrawer {
  const words = `${subject.subCategory ?? ''} ${subject.name}`.toLowerCase();
  switch (subject.type) {
    case 'mens':
      return apparelShape(words, false);
    case 'womens':
      return apparelShape(words, true);
    case 'tshirts':
      return tshirt(false, isLongSleeve(words));
    case 'hat':
      return /beanie|knit|toque/.test(words) ? beanie : cap;
  }
  const byName = KEYWORD_SHAPES.find(([pattern]) => pattern.test(words));
  return byName?.[1] ?? TYPE_SHAPES[subject.type] ?? box;
}
