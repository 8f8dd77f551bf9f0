import { SuccessIsland } from '../../islands/success/success-island.tsx';
import { hydrateIslands } from './hydrate-islands.tsx';

hydrateIslands('success', SuccessIsland);
