import { handlerWorld } from '../server/tests/helpers/handler-world.ts';
import { bypassMotorsOrder } from '../server/tests/helpers/order-fixture.ts';
import { createOrder } from '../server/app/create-order.ts';
const world = await handlerWorld();
world.ctx.buyerMail.perTenantPerHour = 1e9; world.ctx.buyerMail.perRecipientPerHour = 1e9;
world.ctx.log = { debug() {}, info() {}, warn() {}, error() {}, child() { return this; } } as never;
const N = Number(process.argv[2] ?? 3000);
const body = (i: number) => bypassMotorsOrder({ email: 'bench@dealer.example' });
for (let i = 0; i < 300; i++) { const a = await world.call(createOrder, body(i), { clientIp: `10.0.${i % 64}.1` }); if (a.status !== 200) throw new Error(JSON.stringify(a)); }
const c0 = process.cpuUsage(); const t0 = performance.now();
for (let i = 0; i < N; i++) { const a = await world.call(createOrder, body(i), { clientIp: `10.0.${i % 64}.1` }); if (a.status !== 200) throw new Error(JSON.stringify(a.body)); }
const c = process.cpuUsage(c0);
console.log(`createOrder in process (SQLite :memory:, no HTTP): ${((c.user + c.system) / 1000 / N).toFixed(3)} ms CPU per order, ${((performance.now() - t0) / N).toFixed(3)} ms wall`);
await world.close();
