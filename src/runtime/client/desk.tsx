import { createRoot } from 'react-dom/client';
import { DeskIsland, type DeskProps } from '../../islands/desk/desk-island.tsx';
import { readJsonScript } from './read-json-script.ts';

// The desk renders in the browser only: the page holds no order and no state before sign-in.
const element = document.getElementById('desk');
if (element) createRoot(element).render(<DeskIsland {...readJsonScript<DeskProps>('desk-config')} />);
