import { useEffect, useId, useLayoutEffect, useRef, useState, useSyncExternalStore, type CSSProperties, type FormEvent } from 'react';
import { PasswordDialog } from '../../components/password-dialog.tsx';
import { PriceBreaksTable } from '../../components/price-breaks-table.tsx';
import { ResponsivePicture } from '../../components/responsive-picture.tsx';
import { offersSecondLogo, secondPlacementDefault } from '../../domain/logo-rules.ts';
import { formatMoney } from '../../domain/money.ts';
import { breakCounting, priceBreaks } from '../../domain/price-breaks.ts';
import { PRICE_ON_REQUEST } from '../../domain/price-on-request.ts';
import { listedPrice } from '../../domain/pricing.ts';
import { productColors, type Product, type SizePrice } from '../../domain/product.ts';
import { countedUnit, isTierLabel } from '../../domain/size-labels.ts';
import { startingPrice, startingPriceText } from '../../domain/starting-price.ts';
import { cartStore, hydrateCart } from '../cart/cart-store.ts';
import { QuantityField, quantityFieldId } from '../shared/quantity-field.tsx';
import { askStorePassword } from '../shared/store-password.ts';
import { hasStoreSession } from '../shared/store-session.ts';
import { ProductMockup, shownSide, type MockupLogo } from '../shared/product-mockup.tsx';
import { useNotice } from '../shared/use-notice.tsx';
import { cartEntries, cellProblems, tierCell, type EntryRefusal } from './cart-entries.ts';
import { cartLimitProblem } from './cart-limits.ts';
import type { ItemIslandProps } from './item-island-props.ts';
import { itemStore, type ItemStore } from './item-store.ts';
import { swatchColor } from './swatch-color.ts';
import { selectionPrice } from './selection-price.ts';
import { SelectionSummary } from './selection-summary.tsx';

const DEFAULT_PLACEMENT = 'Left Chest';
/** How wide the item's picture is shown; its logos' sizes are worked out from it. */
const PICTURE_SIZES = '(min-width: 60em) 32rem, 90vw';
/** The build renders no cart: the stored one is read after hydration. */
const NO_CART_ITEMS = {};
const cartItems = () => cartStore.getState().items;
const noCartItems = () => NO_CART_ITEMS;

function defaultPlacement(placements: readonly string[]): string {
  return placements.includes(DEFAULT_PLACEMENT) ? DEFAULT_PLACEMENT : (placements[0] ?? '');
}

/**
 * The item page's interactive part. Rendered at build time with the same props the browser
 * hydrates it with, so the page is complete without JavaScript and nothing moves on hydration.
 */
export function ItemDetails(props: ItemIslandProps) {
  const { product, images, backImages, embroideries, logos, placements, showImagePreview, showPrices, stores, storePassword, maxOrderTotal } = props;
  const [color, setColor] = useState(product.defaultColor);
  const [secondLogo, setSecondLogo] = useState(false);
  const [embroidery, setEmbroidery] = useState('');
  const [placement, setPlacement] = useState(defaultPlacement(placements));
  const [secondEmbroidery, setSecondEmbroidery] = useState('');
  const [secondPlacement, setSecondPlacement] = useState(secondPlacementDefault(placements, defaultPlacement(placements)));
  // The mock-up shows the side of the logo the buyer chose or moved last.
  const [latest, setLatest] = useState<'first' | 'second'>('first');
  const choose =
    (side: 'first' | 'second') =>
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setLatest(side);
    };
  const logoPickers = [
    {
      key: 'logo',
      label: 'Logo',
      placementLabel: 'Placement',
      logo: embroidery,
      onLogo: choose('first')(setEmbroidery),
      placement,
      onPlacement: choose('first')(setPlacement),
    },
    ...(secondLogo
      ? [
          {
            key: 'logo2',
            label: 'Second logo',
            placementLabel: 'Second placement',
            logo: secondEmbroidery,
            onLogo: choose('second')(setSecondEmbroidery),
            placement: secondPlacement,
            onPlacement: choose('second')(setSecondPlacement),
          },
        ]
      : []),
  ];
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  /** Why the last 'Add to Cart' added nothing, when it was about one cell: said at that cell until it changes. */
  const [refusal, setRefusal] = useState<EntryRefusal>();
  const [leaving, setLeaving] = useState(false);
  // Read from the address after hydration: the page is built once for every store.
  const [store, setStore] = useState<ItemStore>();
  useEffect(() => setStore(itemStore(window.location.search, stores)), [stores]);
  const notice = useNotice();
  // A password store's lines are added only once its password was given here or on the stores page.
  const passwordDialog = useRef<HTMLDialogElement>(null);
  const [unlocked, setUnlocked] = useState<string>();
  const locked = store?.hasPassword === true && unlocked !== store.code;
  const unlock = async (toUnlock: ItemStore): Promise<boolean> => {
    const dialog = passwordDialog.current;
    const accepted =
      hasStoreSession(sessionStorage, storePassword.tenantId, toUnlock.code) || (dialog !== null && (await askStorePassword(dialog, storePassword, toUnlock)));
    if (accepted) setUnlocked(toUnlock.code);
    return accepted;
  };
  // Asked once on arrival; 'Add to Cart' asks again while it is not given.
  useEffect(() => {
    if (store?.hasPassword) void unlock(store);
  }, [store]);
  const [expanded, setExpanded] = useState(false);
  const [overflowing, setOverflowing] = useState(false);
  const description = useRef<HTMLParagraphElement>(null);
  const id = useId();

  // Only a description longer than its one line gets 'Read more'; the line it sits on is reserved either way.
  useLayoutEffect(() => {
    const element = description.current;
    if (element && !expanded) setOverflowing(element.scrollHeight > element.clientHeight + 1);
  }, [expanded]);
  const image = images[color] ?? images[product.defaultColor];
  const price = showPrices ? startingPrice(product) : undefined;
  const tiers = product.sizes.filter((size) => isTierLabel(size.label));
  const breaks = showPrices ? priceBreaks(product) : undefined;
  const counting = showPrices ? breakCounting(product) : undefined;
  // No size has a price: said once above the grid, not in every cell.
  const unpriced = product.sizes.every((size) => size.price === 0);
  // Tiers and price breaks count the whole cart, so the grid is priced with what is in it.
  const cart = useSyncExternalStore(cartStore.subscribe, cartItems, noCartItems);
  const selected = showPrices ? selectionPrice(product, { color, quantities }, Object.values(cart)) : undefined;
  const problems = cellProblems(product, { color, quantities });
  const cellProblem = (cell: string) => problems[cell] ?? (refusal?.cell === cell ? refusal.problem : undefined);
  const allColors = productColors(product);
  // The props already offer no logo where none can go (customs: logoOfferFor).
  const hasLogoPickers = embroideries.length > 0;

  // Adding must merge with the cart other pages left in this session, so load it first.
  useEffect(() => {
    void hydrateCart();
    const onLeave = () => setLeaving(true);
    const onBack = () => setLeaving(false);
    window.addEventListener('beforeunload', onLeave);
    window.addEventListener('pageshow', onBack);
    return () => {
      window.removeEventListener('beforeunload', onLeave);
      window.removeEventListener('pageshow', onBack);
    };
  }, []);

  const setQuantity = (cell: string, typed: string) => {
    setQuantities((current) => ({ ...current, [cell]: typed }));
    setRefusal(undefined);
  };
  const hideSecondLogo = () => {
    setSecondLogo(false);
    setSecondEmbroidery('');
  };
  // The second logo starts where the first is not: two logos cannot share a placement.
  const showSecondLogo = () => {
    setSecondPlacement(secondPlacementDefault(placements, placement));
    setSecondLogo(true);
  };

  const addToCart = async (event: FormEvent) => {
    event.preventDefault();
    const result = cartEntries(
      product,
      { embroideries, placements },
      { color, embroidery, placement, secondEmbroidery, secondPlacement, quantities },
      store?.code,
    );
    if ('problem' in result) {
      setRefusal(result);
      notice.show('error', result.problem);
      return;
    }
    if (store && locked && !(await unlock(store))) {
      notice.show('error', `${store.name}'s custom products need its store password`);
      return;
    }
    await hydrateCart();
    const over = cartLimitProblem(result.lines, cartStore.getState().items, product, { maxOrderTotal, companyName: storePassword.companyName });
    if (over) {
      setRefusal({ problem: over.problem, cell: over.line && (tiers.length > 0 ? tierCell(over.line.size, over.line.color) : over.line.size) });
      notice.show('error', over.problem);
      return;
    }
    cartStore.getState().add(result.lines);
    notice.show('success', 'Item added to cart');
    setEmbroidery('');
    setPlacement(defaultPlacement(placements));
    hideSecondLogo();
    setQuantities({});
  };

  const picture = image && (
    <ResponsivePicture image={image} alt={`${product.fullname}, ${color}`} sizes={PICTURE_SIZES} loading="eager" fetchPriority="high" className="item__image" />
  );
  const chosen = (name: string, placement: string): MockupLogo[] => (name && logos[name] ? [{ name, image: logos[name], placement }] : []);
  const first = chosen(embroidery, placement);
  const second = secondLogo ? chosen(secondEmbroidery, secondPlacement) : [];
  const mockupLogos = latest === 'second' ? [...second, ...first] : [...first, ...second];
  const back = shownSide(product, color, mockupLogos) === 'back' ? backImages[color] : undefined;
  // The largest fallback file of the picture shown (this colour's own, or its back): what the enlarge-on-click preview opens.
  const fullImage = (back ?? images[color])?.fallback.src;

  return (
    <div className="item">
      <div className="item__media">
        {image && (
          <ProductMockup
            product={product}
            color={color}
            picture={image}
            back={backImages[color]}
            logos={mockupLogos}
            sizes={PICTURE_SIZES}
            backAlt={`${product.fullname}, ${color}, back`}
          >
            {showImagePreview && fullImage ? (
              <a
                href={fullImage}
                target="_blank"
                rel="noopener"
                className="item__enlarge"
                aria-label={`Enlarge image of ${product.fullname}, ${color}${back ? ', back' : ''} (opens in a new tab)`}
              >
                {picture}
              </a>
            ) : (
              picture
            )}
          </ProductMockup>
        )}
      </div>
      <form className="item__form" onSubmit={(event) => void addToCart(event)} aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`} className="item__title">
          {product.fullname}
        </h1>
        {store && <p className="item__store">For {store.name}</p>}
        {price !== undefined && <p className="item__price">{startingPriceText(price)}</p>}
        {unpriced && <p className="item__price">{PRICE_ON_REQUEST}</p>}
        {breaks ? <PriceBreaksTable breaks={breaks} counting={counting} id={`${id}-breaks`} /> : counting && <p className="price-breaks__note">{counting}</p>}
        {product.description && (
          <div className={`item__description${expanded ? ' item__description--expanded' : ''}`} data-collapsible="">
            <p id={`${id}-description`} ref={description}>
              {product.description}
            </p>
            <button
              type="button"
              className={`link-button item__more${overflowing || expanded ? '' : ' item__more--unneeded'}`}
              aria-expanded={expanded}
              aria-controls={`${id}-description`}
              onClick={() => setExpanded(!expanded)}
            >
              {expanded ? 'Show less' : 'Read more'}
            </button>
          </div>
        )}

        <fieldset className="swatches">
          <legend>Color: {color}</legend>
          {allColors.map((name) => {
            const [first, second] = product.halfColors.includes(name) ? name.split(' ') : [name, name];
            return (
              <label key={name} className="swatch">
                <input type="radio" name={`${id}-color`} value={name} checked={color === name} onChange={() => setColor(name)} />
                <span className="swatch__chip" style={{ '--swatch-a': swatchColor(first), '--swatch-b': swatchColor(second) } as CSSProperties} />
                <span className="swatch__name">{name}</span>
              </label>
            );
          })}
        </fieldset>

        {hasLogoPickers && (
          <div className="logo-pickers">
            {logoPickers.map(({ key, ...picker }) => (
              <LogoPicker key={key} id={`${id}-${key}`} embroideries={embroideries} placements={placements} {...picker} />
            ))}
            {secondLogo ? (
              <button type="button" className="link-button" onClick={hideSecondLogo}>
                Only want one logo?
              </button>
            ) : offersSecondLogo(product.type, { embroideries, placements }) ? (
              <button type="button" className="link-button" onClick={showSecondLogo}>
                Want to add a second logo?
              </button>
            ) : null}
          </div>
        )}

        {tiers.length > 0 ? (
          <table className="quantity-grid">
            <caption>Quantity of print runs per color</caption>
            <thead>
              <tr>
                <th scope="col">Color</th>
                {tiers.map((tier) => (
                  <th scope="col" key={tier.label}>
                    {tier.label}
                    {!unpriced && <GridPrice product={product} size={tier} showPrices={showPrices} className="quantity-grid__price" />}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {allColors.map((name) => (
                <tr key={name}>
                  <th scope="row">{name}</th>
                  {tiers.map((tier) => (
                    <td key={tier.label}>
                      <QuantityField
                        id={quantityFieldId(tierCell(tier.label, name))}
                        label={`Quantity ${tier.label} ${name}`}
                        text={quantities[tierCell(tier.label, name)] ?? ''}
                        problem={cellProblem(tierCell(tier.label, name))}
                        onText={(typed) => setQuantity(tierCell(tier.label, name), typed)}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <div className="size-grid" role="group" aria-label="Quantity per size">
            {product.sizes.map((size) => (
              <label key={size.label} className="size-grid__cell">
                <span className="size-grid__label">{size.label}</span>
                {!unpriced && <GridPrice product={product} size={size} showPrices={showPrices} className="size-grid__price" />}
                <span className="size-grid__entry">
                  <QuantityField
                    id={quantityFieldId(size.label)}
                    label={`Quantity ${size.label}`}
                    text={quantities[size.label] ?? ''}
                    problem={cellProblem(size.label)}
                    onText={(typed) => setQuantity(size.label, typed)}
                  />
                  {countedUnit(size.label) && <span className="size-grid__unit">{countedUnit(size.label)!.plural}</span>}
                </span>
              </label>
            ))}
          </div>
        )}
        <SelectionSummary price={selected} tiered={tiers.length > 0} />
        <button type="submit" className="button button--primary">
          Add to Cart
        </button>
        {notice.element}
      </form>
      {stores.some((choice) => choice.hasPassword) && (
        <PasswordDialog
          id="store-password-dialog"
          dialogRef={passwordDialog}
          submitLabel="Open"
          autoComplete="off"
          context={<p className="dialog__context" data-store-label="" />}
        />
      )}
      {leaving && (
        <div className="loading-overlay" role="status" aria-label="Loading">
          <span className="loading-overlay__spinner" />
        </div>
      )}
    </div>
  );
}

/**
 * A grid cell's price: what `priceCart` charges for that size or run ordered alone
 * (`listedPrice`), so a run that reaches a volume price shows it; a unit size says what its
 * price is for ('$115.79 a box'); a size priced 0 says 'Price on request'.
 */
function GridPrice({ product, size, showPrices, className }: { product: Product; size: SizePrice; showPrices: boolean; className: string }) {
  if (size.price === 0) return <span className={className}>{PRICE_ON_REQUEST}</span>;
  if (!showPrices) return null;
  const unit = countedUnit(size.label);
  const per = isTierLabel(size.label) || unit?.singular === 'piece' ? 'each' : unit ? `a ${unit.singular}` : undefined;
  return <span className={className}>{`${formatMoney(listedPrice(product, size))}${per ? ` ${per}` : ''}`}</span>;
}

interface LogoPickerProps {
  id: string;
  label: string;
  placementLabel: string;
  embroideries: readonly string[];
  placements: readonly string[];
  logo: string;
  onLogo(logo: string): void;
  placement: string;
  onPlacement(placement: string): void;
}

function LogoPicker(props: LogoPickerProps) {
  return (
    <div className="logo-picker">
      <label htmlFor={props.id}>{props.label}</label>
      <select id={props.id} value={props.logo} onChange={(event) => props.onLogo(event.target.value)}>
        <option value="">No logo</option>
        {props.embroideries.map((name) => (
          <option key={name}>{name}</option>
        ))}
      </select>
      {props.placements.length > 0 && (
        <>
          <label htmlFor={`${props.id}-placement`}>{props.placementLabel}</label>
          <select id={`${props.id}-placement`} value={props.placement} onChange={(event) => props.onPlacement(event.target.value)}>
            {props.placements.map((name) => (
              <option key={name}>{name}</option>
            ))}
          </select>
        </>
      )}
    </div>
  );
}
