import { offersSecondLogo } from '../../domain/logo-rules.ts';
import type { Category } from '../../domain/categories.ts';
import type { LogoChoice, LogoPickerChoice } from './use-logo-choice.ts';

interface LogoPickersProps {
  id: string;
  type: Category;
  embroideries: readonly string[];
  placements: readonly string[];
  choice: LogoChoice;
}

/** The logo pickers: the first logo's, the second's once asked for, and the link that adds or removes the second. */
export function LogoPickers({ id, type, embroideries, placements, choice }: LogoPickersProps) {
  return (
    <div className="logo-pickers">
      {choice.pickers.map(({ key, ...picker }) => (
        <LogoPicker key={key} id={`${id}-${key}`} embroideries={embroideries} placements={placements} {...picker} />
      ))}
      {choice.secondLogo ? (
        <button type="button" className="link-button" onClick={choice.hideSecondLogo}>
          Only want one logo?
        </button>
      ) : offersSecondLogo(type, { embroideries, placements }) ? (
        <button type="button" className="link-button" onClick={choice.showSecondLogo}>
          Want to add a second logo?
        </button>
      ) : null}
    </div>
  );
}

interface LogoPickerProps extends Omit<LogoPickerChoice, 'key'> {
  id: string;
  embroideries: readonly string[];
  placements: readonly string[];
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
