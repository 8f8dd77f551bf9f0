import { normalizeCategoryKey, type Category } from '../../domain/categories.ts';
import { productBackImageFile } from '../../domain/image-names.ts';
import { DEFAULT_PLACEMENT_AREAS } from '../../domain/placement-areas.ts';
import { asArray, asRecord, asString, asStrings } from './data-shape.ts';
import type { DataPath, Diagnostic } from './diagnostic.ts';
import type { ParsedProject } from './cross-checks.ts';
import { report } from './report-at.ts';
import type { YamlSource } from './yaml-source.ts';

/**
 * The rules about logo areas (catalog `placement_areas`, a product's own and per colour) that the
 * schema cannot express: an area must lie inside its picture, a back area needs a back picture,
 * a colour's areas need the colour, and a placement a tenant offers should have an area somewhere
 * or its mock-up is not drawn.
 */
export function checkPlacementAreas(project: ParsedProject): Diagnostic[] {
  // A file with errors of its own is left out until they are fixed, as in cross-checks.ts.
  const readable = [...project.catalogs.values()].filter((source) => !project.failed.has(source.file));
  return [...readable.flatMap((source) => checkCatalogAreas(source, project.productImageFiles)), ...checkOfferedPlacements(project)];
}

function checkCatalogAreas(source: YamlSource, images: ReadonlySet<string>): Diagnostic[] {
  const out: Diagnostic[] = [];
  const catalog = asRecord(source.data);
  for (const [type, areas] of Object.entries(asRecord(catalog.placement_areas))) out.push(...checkInside(source, ['placement_areas', type], areas));

  asArray(catalog.products).forEach((item, index) => {
    const product = asRecord(item);
    const at = (...rest: (string | number)[]): DataPath => ['products', index, ...rest];
    const code = asString(product.code);
    const colors = [...asStrings(product.colors), ...asStrings(product.halfColors)];
    const hasBack = (color: string) => code !== undefined && images.has(productBackImageFile(code, color));

    out.push(...checkInside(source, at('placement_areas'), product.placement_areas));
    for (const [placement, area] of Object.entries(asRecord(product.placement_areas))) {
      if (asRecord(area).side !== 'back' || colors.length === 0 || colors.some(hasBack)) continue;
      const example = code && colors[0] ? ` (for ${colors[0]}: catalogs/images/${productBackImageFile(code, colors[0])})` : '';
      out.push(
        report(
          source,
          'error',
          at('placement_areas', placement, 'side'),
          `"${placement}" is on the back, but none of this product's colours has a back picture${example}; add one, or remove the area`,
        ),
      );
    }

    for (const [color, areas] of Object.entries(asRecord(product.color_placement_areas))) {
      if (colors.length > 0 && !colors.includes(color)) {
        out.push(report(source, 'error', at('color_placement_areas', color), `"${color}" is not one of this product's colours (${colors.join(', ')})`, true));
        continue;
      }
      out.push(...checkInside(source, at('color_placement_areas', color), areas));
      for (const [placement, area] of Object.entries(asRecord(areas))) {
        if (asRecord(area).side === 'back' && code && !hasBack(color)) {
          out.push(
            report(
              source,
              'error',
              at('color_placement_areas', color, placement, 'side'),
              `"${placement}" is on the back, but there is no back picture catalogs/images/${productBackImageFile(code, color)}`,
            ),
          );
        }
      }
    }
  });
  return out;
}

/** An area reaching past the picture's right or bottom edge (the schema keeps each number within 0 … 1). */
function checkInside(source: YamlSource, at: DataPath, areas: unknown): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const [placement, value] of Object.entries(asRecord(areas))) {
    const area = asRecord(value);
    for (const [start, size, edge] of [
      ['x', 'width', 'right'],
      ['y', 'height', 'bottom'],
    ] as const) {
      const from = area[start];
      const extent = area[size];
      if (typeof from !== 'number' || typeof extent !== 'number') continue;
      // Rounded as written: 0.7 + 0.3 is 1 to a merchandiser, not 1.0000000000000002.
      const end = Math.round((from + extent) * 1e6) / 1e6;
      if (end > 1)
        out.push(
          report(
            source,
            'error',
            [...at, placement, size],
            `the area reaches past the picture's ${edge} edge: ${start} + ${size} = ${from} + ${extent} = ${end}, at most 1`,
          ),
        );
    }
  }
  return out;
}

/**
 * A placement a tenant offers for a type where no area is known, from the defaults, its
 * catalog's `placement_areas` or every product of the type's own: the item page then draws no
 * mock-up for it. A warning, since the logo is still ordered and embroidered there.
 */
function checkOfferedPlacements(project: ParsedProject): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const source of project.tenants.values()) {
    if (project.failed.has(source.file)) continue;
    const tenant = asRecord(source.data);
    const catalogSource = project.catalogs.get(asString(tenant.catalog) ?? '');
    // An unreadable catalog (or one with errors of its own) cannot say what its areas are yet.
    if (!catalogSource || project.failed.has(catalogSource.file)) continue;
    const catalog = asRecord(catalogSource.data);
    for (const [key, placements] of Object.entries(asRecord(tenant.logo_placements))) {
      const type = normalizeCategoryKey(key) as Category;
      const products = asArray(catalog.products)
        .map(asRecord)
        .filter((product) => product.type === type);
      asArray(placements).forEach((placement, index) => {
        if (typeof placement !== 'string') return;
        const known =
          DEFAULT_PLACEMENT_AREAS[type]?.[placement] !== undefined ||
          asRecord(asRecord(catalog.placement_areas)[type])[placement] !== undefined ||
          (products.length > 0 && products.every((product) => asRecord(product.placement_areas)[placement] !== undefined));
        if (known) return;
        const detail = `no area is known for "${placement}" on ${type} pictures`;
        const advice = `the item page draws no mock-up of a logo there; add it under placement_areas.${type} in catalogs/${asString(tenant.catalog)}.yaml`;
        out.push({
          ...report(source, 'warning', ['logo_placements', key, index], `${detail}: ${advice}`),
          kind: {
            heading: `placements offered without an area on the picture: ${advice.replace(/placement_areas\.\w+ in catalogs\/[^ ]+/, "the catalog's placement_areas")}`,
            detail,
          },
        });
      });
    }
  }
  return out;
}
