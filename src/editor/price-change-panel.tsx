import { useState } from 'react';
import { parseAmount, parseDecimal, planPriceChange, type PriceRule, type PriceSelection } from '../core/catalog-sheet/price-change.ts';
import { money } from '../domain/money.ts';
import type { Data } from './edit-state.ts';

interface PriceChangePanelProps {
  products: readonly Data[];
  onApply(products: Data[]): void;
}

/** `npm run prices` in the browser: the same rule and rounding, applied to the catalog being edited (saved with the rest). */
export function PriceChangePanel({ products, onApply }: PriceChangePanelProps) {
  const [form, setForm] = useState({ percent: '', add: '', round: '', up: false, type: '', subCategory: '', codes: '', skip: '', includeDiscounts: false });
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string }>();
  const field = (key: keyof typeof form, label: string, hint?: string) => (
    <label>
      {label} <input value={String(form[key])} placeholder={hint} onChange={(event) => setForm({ ...form, [key]: event.target.value })} />
    </label>
  );
  const check = (key: 'up' | 'includeDiscounts', label: string) => (
    <label>
      <input type="checkbox" checked={form[key]} onChange={(event) => setForm({ ...form, [key]: event.target.checked })} /> {label}
    </label>
  );
  const apply = () => {
    try {
      const codes = (text: string) => (text.trim() === '' ? undefined : text.split(/[\s,]+/).filter(Boolean));
      if (form.percent.trim() === '' && form.add.trim() === '') throw new Error('give a percentage or an amount to add');
      const rule: PriceRule = {
        percent: form.percent.trim() === '' ? undefined : parseDecimal(form.percent, 'Percent'),
        add: form.add.trim() === '' ? undefined : money(Number(parseAmount(form.add, 'Add'))),
        step: form.round.trim() === '' ? undefined : parseAmount(form.round, 'Round to'),
        up: form.up,
      };
      const selection: PriceSelection = {
        type: form.type.trim() || undefined,
        subCategory: form.subCategory.trim() || undefined,
        codes: codes(form.codes),
        skip: codes(form.skip),
        includeDiscounts: form.includeDiscounts,
      };
      const { plans, rows, selected, leftAlone } = planPriceChange(products as Record<string, unknown>[], selection, rule);
      onApply(plans.map((plan) => plan.data));
      const kept = [
        leftAlone.zero > 0 ? `${leftAlone.zero} prices at 0 stay 0` : '',
        leftAlone.discountProducts > 0 ? `volume prices of ${leftAlone.discountProducts} products kept (tick "volume prices too" to change them)` : '',
        leftAlone.finer > 0 ? `${leftAlone.finer} prices kept their finer-than-a-cent precision` : '',
      ].filter(Boolean);
      setOutcome({
        ok: true,
        text: `${rows.length} prices changed in ${selected} products.${kept.length > 0 ? ` Left alone: ${kept.join('; ')}.` : ''} Not saved yet.`,
      });
    } catch (error) {
      setOutcome({ ok: false, text: (error as Error).message });
    }
  };
  return (
    <details className="price-change">
      <summary>Change prices in bulk</summary>
      <div className="price-change-fields">
        {field('percent', 'Percent', '3 or -2.5')}
        {field('add', 'Add', '0.50')}
        {field('round', 'Round to', '0.05')}
        {check('up', 'round up')}
        {field('type', 'Only type', 'mens')}
        {field('subCategory', 'Only sub-category', 'polos')}
        {field('codes', 'Only codes', 'K500, K540')}
        {field('skip', 'Skip codes')}
        {check('includeDiscounts', 'volume prices too')}
        <button type="button" onClick={apply}>
          Apply to this catalog
        </button>
      </div>
      {outcome && (
        <p className={outcome.ok ? 'notice' : 'problems error'} role="status">
          {outcome.text}
        </p>
      )}
    </details>
  );
}
