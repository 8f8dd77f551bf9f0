import { useState } from 'react';
import { secondPlacementDefault } from '../../domain/logo-rules.ts';

const DEFAULT_PLACEMENT = 'Left Chest';

function defaultPlacement(placements: readonly string[]): string {
  return placements.includes(DEFAULT_PLACEMENT) ? DEFAULT_PLACEMENT : (placements[0] ?? '');
}

/** One logo's picker as the form shows it: its choice, its placement, and how each changes. */
export interface LogoPickerChoice {
  key: string;
  label: string;
  placementLabel: string;
  logo: string;
  onLogo(logo: string): void;
  placement: string;
  onPlacement(placement: string): void;
}

/**
 * The logos the buyer is choosing on the item page: the first with its placement, the second
 * once asked for (it starts where the first is not: two logos cannot share a placement), and
 * which of the two was chosen or moved last, whose side the mock-up shows.
 */
export function useLogoChoice(placements: readonly string[]) {
  const [embroidery, setEmbroidery] = useState('');
  const [placement, setPlacement] = useState(defaultPlacement(placements));
  const [secondLogo, setSecondLogo] = useState(false);
  const [secondEmbroidery, setSecondEmbroidery] = useState('');
  const [secondPlacement, setSecondPlacement] = useState(secondPlacementDefault(placements, defaultPlacement(placements)));
  const [latest, setLatest] = useState<'first' | 'second'>('first');
  const choose =
    (side: 'first' | 'second') =>
    <T>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setLatest(side);
    };
  const pickers: LogoPickerChoice[] = [
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
  const hideSecondLogo = () => {
    setSecondLogo(false);
    setSecondEmbroidery('');
  };
  const showSecondLogo = () => {
    setSecondPlacement(secondPlacementDefault(placements, placement));
    setSecondLogo(true);
  };
  /** After a line is added: no logo, the default placement, one logo. */
  const reset = () => {
    setEmbroidery('');
    setPlacement(defaultPlacement(placements));
    hideSecondLogo();
  };
  return { embroidery, placement, secondLogo, secondEmbroidery, secondPlacement, latest, pickers, hideSecondLogo, showSecondLogo, reset };
}

export type LogoChoice = ReturnType<typeof useLogoChoice>;
