/** The JSON a page carries in `<script type="application/json" id=…>` for its scripts. */
export function readJsonScript<T>(id: string): T {
  const element = document.getElementById(id);
  if (!element?.textContent) throw new Error(`internal: #${id} is missing`);
  return JSON.parse(element.textContent) as T;
}
