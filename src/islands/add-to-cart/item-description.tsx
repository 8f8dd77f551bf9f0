import { useLayoutEffect, useRef, useState } from 'react';

/** The product's description on one line, with 'Read more' only when it is longer than that line (the line is reserved either way). */
export function ItemDescription({ id, text }: { id: string; text: string }) {
  const [expanded, setExpanded] = useState(false);
  const [overflowing, setOverflowing] = useState(false);
  const description = useRef<HTMLParagraphElement>(null);
  useLayoutEffect(() => {
    const element = description.current;
    if (element && !expanded) setOverflowing(element.scrollHeight > element.clientHeight + 1);
  }, [expanded]);
  return (
    <div className={`item__description${expanded ? ' item__description--expanded' : ''}`} data-collapsible="">
      <p id={id} ref={description}>
        {text}
      </p>
      <button
        type="button"
        className={`link-button item__more${overflowing || expanded ? '' : ' item__more--unneeded'}`}
        aria-expanded={expanded}
        aria-controls={id}
        onClick={() => setExpanded(!expanded)}
      >
        {expanded ? 'Show less' : 'Read more'}
      </button>
    </div>
  );
}
