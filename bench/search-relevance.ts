import { eq, inArray } from 'drizzle-orm';
import { categories, products } from '../src/server/db/schema/catalog.ts';
import { injectLatency, seededApp, type SeededApp } from './support/seeded-app.ts';

/**
 * Relevance of POST /api/search on the demo catalogue against labelled queries, and search and suggestion latency.
 * A result is relevant when its instrument type (or, for specialty queries, its category) is among the query's
 * labels; a model-number query has exactly one relevant product. Search embeddings are on unless
 * BENCH_EMBEDDINGS=off; BENCH_VERBOSE=1 prints each query below NDCG@10 1; BENCH_RELEVANCE_ONLY=1 skips latency.
 */
type Kind = 'exact' | 'typo' | 'partial' | 'lay term' | 'procedure' | 'specialty';
interface Labelled {
  query: string;
  kind: Kind;
  types?: string[];
  categories?: string[];
}

const Q = (kind: Kind, query: string, types: string[]): Labelled => ({ kind, query, types });
const S = (query: string, cats: string[]): Labelled => ({ kind: 'specialty', query, categories: cats });

const LABELLED: Labelled[] = [
  Q('exact', 'Metzenbaum Dissecting Scissors', ['metzenbaum-scissors']),
  Q('exact', 'Kerrison rongeur', ['kerrison-rongeur']),
  Q('exact', 'Satinsky clamp', ['satinsky-clamp']),
  Q('exact', 'Finochietto rib spreader', ['finochietto-rib-spreader']),
  Q('exact', 'Mayo-Hegar needle holder', ['mayo-hegar-needle-holder']),
  Q('exact', 'Graves vaginal speculum', ['graves-vaginal-speculum']),
  Q('exact', 'Boyle-Davis mouth gag', ['boyle-davis-mouth-gag']),
  Q('exact', 'Gigli saw', ['gigli-saw']),
  Q('exact', 'Sinskey hook', ['sinskey-hook']),
  Q('exact', 'Gracey curette', ['gracey-curette']),
  Q('typo', 'metzenbam sissors', ['metzenbaum-scissors']),
  Q('typo', 'kerison rongeur', ['kerrison-rongeur']),
  Q('typo', 'satinski clamp', ['satinsky-clamp']),
  Q('typo', 'debakey forcep', ['debakey-atraumatic-forceps']),
  Q('typo', 'finochieto retractor', ['finochietto-rib-spreader']),
  Q('typo', 'penfeild dissector', ['penfield-dissector']),
  Q('typo', 'weitlander retractor', ['weitlaner-retractor']),
  Q('typo', 'castroveijo needle holder', ['castroviejo-needle-holder']),
  Q('typo', 'hohman retractor', ['hohmann-retractor']),
  Q('typo', 'volkman curette', ['volkmann-bone-curette']),
  Q('typo', 'babkok forceps', ['babcock-forceps']),
  Q('typo', 'alis forceps', ['allis-tissue-forceps']),
  Q('typo', 'cusco speculom', ['cusco-vaginal-speculum']),
  Q('typo', 'stethescope', ['cardiology-stethoscope', 'dual-head-stethoscope']),
  Q('typo', 'otoscop', ['fiber-optic-otoscope']),
  Q('typo', 'autoclav', ['benchtop-autoclave-class-b', 'benchtop-autoclave-class-n']),
  Q('partial', 'metzen', ['metzenbaum-scissors']),
  Q('partial', 'kerri', ['kerrison-rongeur']),
  Q('partial', 'rongeur', ['kerrison-rongeur', 'leksell-rongeur', 'stille-luer-rongeur']),
  Q('partial', 'needle holder', ['mayo-hegar-needle-holder', 'castroviejo-needle-holder', 'ryder-needle-holder', 'gillies-needle-holder', 'barraquer-needle-holder', 'heaney-needle-holder']),
  Q('partial', 'hemostat', ['kelly-hemostat', 'crile-hemostat']),
  Q('partial', 'speculum', ['graves-vaginal-speculum', 'cusco-vaginal-speculum', 'kogan-endocervical-speculum', 'killian-nasal-speculum', 'hartmann-ear-speculum', 'barraquer-eye-speculum']),
  Q('partial', 'osteotome', ['lambotte-osteotome', 'cottle-osteotome']),
  Q('partial', 'bone screw', ['cortical-bone-screw', 'cancellous-bone-screw']),
  Q('partial', 'tenaculum', ['pozzi-tenaculum', 'schroeder-tenaculum']),
  Q('partial', 'pulse ox', ['fingertip-pulse-oximeter', 'handheld-pulse-oximeter']),
  Q('partial', 'laryngoscope', ['macintosh-laryngoscope-set', 'miller-laryngoscope-blade']),
  Q('partial', 'sterilization pouch', ['self-sealing-sterilization-pouches']),
  Q('partial', 'bulldog', ['debakey-bulldog-clamp']),
  Q('partial', 'rib spreader', ['finochietto-rib-spreader']),
  Q('lay term', 'heart surgery clamp', ['satinsky-clamp', 'cooley-vascular-clamp', 'debakey-bulldog-clamp']),
  Q('lay term', 'tonsil removal', ['eves-tonsil-snare', 'boyle-davis-mouth-gag', 'beckmann-adenoid-curette']),
  Q('lay term', 'blood pressure', ['aneroid-sphygmomanometer', 'automatic-blood-pressure-monitor']),
  Q('lay term', 'oxygen level finger', ['fingertip-pulse-oximeter', 'handheld-pulse-oximeter']),
  Q('lay term', 'fever thermometer', ['digital-clinical-thermometer', 'infrared-forehead-thermometer']),
  Q('lay term', 'ear check', ['fiber-optic-otoscope', 'hartmann-ear-speculum']),
  Q('lay term', 'tooth pulling', ['upper-molar-extraction-forceps', 'lower-molar-extraction-forceps', 'coupland-elevator', 'cryer-elevator']),
  Q('lay term', 'heart rhythm', ['twelve-lead-ecg-machine', 'multiparameter-patient-monitor']),
  Q('lay term', 'breathing tube insertion', ['macintosh-laryngoscope-set', 'miller-laryngoscope-blade']),
  Q('lay term', 'listen to heart', ['cardiology-stethoscope', 'dual-head-stethoscope']),
  Q('lay term', 'gum disease', ['periodontal-probe', 'gracey-curette', 'sickle-scaler']),
  Q('lay term', 'eye lid lump', ['chalazion-curette']),
  Q('lay term', 'nose bleed', ['killian-nasal-speculum', 'tilley-nasal-forceps', 'blakesley-nasal-forceps']),
  Q('lay term', 'keyhole surgery port', ['laparoscopic-trocar']),
  Q('lay term', 'fat removal', ['liposuction-cannula']),
  Q('procedure', 'c-section', ['doyen-retractor', 'heaney-hysterectomy-forceps', 'simpson-obstetric-forceps']),
  Q('procedure', 'hysterectomy', ['heaney-hysterectomy-forceps', 'heaney-needle-holder']),
  Q('procedure', 'craniotomy', ['hudson-cranial-brace', 'penfield-dissector', 'frazier-dura-hook', 'kerrison-rongeur']),
  Q('procedure', 'laminectomy', ['kerrison-rongeur', 'leksell-rongeur', 'weitlaner-retractor', 'gelpi-retractor']),
  Q('procedure', 'cataract surgery', ['vannas-capsulotomy-scissors', 'sinskey-hook', 'colibri-forceps', 'barraquer-eye-speculum', 'mcpherson-tying-forceps']),
  Q('procedure', 'tonsillectomy', ['eves-tonsil-snare', 'boyle-davis-mouth-gag']),
  Q('procedure', 'septoplasty', ['freer-septum-elevator', 'killian-nasal-speculum', 'cottle-osteotome']),
  Q('procedure', 'rhinoplasty', ['aufricht-nasal-retractor', 'cottle-osteotome', 'gillies-skin-hook']),
  Q('procedure', 'sternotomy', ['sternal-saw', 'ankeney-sternal-retractor', 'finochietto-rib-spreader']),
  Q('procedure', 'fracture fixation', ['locking-compression-plate', 'cortical-bone-screw', 'cancellous-bone-screw', 'verbrugge-bone-clamp', 'lowman-bone-clamp']),
  Q('procedure', 'tooth extraction', ['upper-molar-extraction-forceps', 'lower-molar-extraction-forceps', 'coupland-elevator', 'cryer-elevator']),
  Q('procedure', 'dilation and curettage', ['hegar-uterine-dilators', 'sims-uterine-curette', 'sims-uterine-sound']),
  Q('procedure', 'instrument sterilization', ['benchtop-autoclave-class-b', 'benchtop-autoclave-class-n', 'perforated-sterilization-tray', 'instrument-sterilization-cassette', 'rigid-sterilization-container']),
  Q('procedure', 'laparotomy retraction', ['balfour-retractor', 'deaver-retractor', 'richardson-retractor', 'doyen-retractor']),
  S('cardiology instruments', ['cardiology']),
  S('neurosurgery', ['neurosurgery']),
  S('orthopedic instruments', ['orthopedics']),
  S('general surgery', ['general-surgery']),
  S('ophthalmic instruments', ['ophthalmology']),
  S('ent instruments', ['ent']),
  S('dental instruments', ['dental']),
  S('gynecology instruments', ['obstetrics-gynecology']),
  S('plastic surgery', ['plastic-surgery']),
  S('diagnostic equipment', ['diagnostic-equipment']),
];

interface Judged {
  kind: Kind;
  ndcg: number;
  reciprocalRank: number;
  recall5: number;
}

async function judge(seeded: SeededApp, item: Labelled, relevantIds: Set<number>): Promise<Judged> {
  const res = await seeded.app.inject({ method: 'POST', url: '/api/search', payload: { query: item.query, maxResults: 20 } });
  if (res.statusCode !== 200) throw new Error(`${item.query}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  const ranked = (res.json().results as { id: number }[]).map((r) => relevantIds.has(r.id));
  const ideal = Math.min(relevantIds.size, 10);
  let dcg = 0;
  let idcg = 0;
  for (let i = 0; i < 10; i++) {
    if (ranked[i]) dcg += 1 / Math.log2(i + 2);
    if (i < ideal) idcg += 1 / Math.log2(i + 2);
  }
  const first = ranked.indexOf(true);
  const found5 = ranked.slice(0, 5).filter(Boolean).length;
  const ndcg = idcg === 0 ? 0 : dcg / idcg;
  if (process.env.BENCH_VERBOSE && ndcg < 0.999) console.log(`  ${item.kind} "${item.query}": NDCG@10 ${ndcg.toFixed(3)}`);
  return {
    kind: item.kind,
    ndcg,
    reciprocalRank: first === -1 ? 0 : 1 / (first + 1),
    recall5: relevantIds.size === 0 ? 0 : found5 / Math.min(5, relevantIds.size),
  };
}

async function relevantIdsFor(seeded: SeededApp, item: Labelled): Promise<Set<number>> {
  const rows = await seeded.database.db.select({ id: products.id }).from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(item.types ? inArray(products.instrumentType, item.types) : inArray(categories.slug, item.categories!));
  return new Set(rows.map((row) => row.id));
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);

const EMBEDDINGS = process.env.BENCH_EMBEDDINGS !== 'off';

async function relevance() {
  const seeded = await seededApp(1_200, { embeddings: EMBEDDINGS });
  const modelNumbers = await seeded.database.db.select({ id: products.id, model: products.modelNumber }).from(products).limit(8);
  const judged: Judged[] = [];
  for (const { id, model } of modelNumbers) {
    judged.push(await judge(seeded, { kind: 'exact', query: model }, new Set([id])));
  }
  for (const item of LABELLED) {
    const ids = await relevantIdsFor(seeded, item);
    if (ids.size === 0) throw new Error(`no product is labelled relevant for "${item.query}": check its types`);
    judged.push(await judge(seeded, item, ids));
  }
  await seeded.close();

  console.log(`\nRelevance on the demo catalogue (1,200 variants), ${judged.length} labelled queries, embeddings ${EMBEDDINGS ? `on (${seeded.app.searchIndex.mode}, ready in ${seeded.embeddingSeconds!.toFixed(1)} s)` : 'off'}\n`);
  console.log('| kind | queries | NDCG@10 | MRR | recall@5 |');
  console.log('|---|---:|---:|---:|---:|');
  const kinds = [...new Set(judged.map((j) => j.kind))];
  for (const kind of [...kinds, 'all' as const]) {
    const rows = kind === 'all' ? judged : judged.filter((j) => j.kind === kind);
    console.log(`| ${kind} | ${rows.length} | ${mean(rows.map((r) => r.ndcg)).toFixed(3)} | ${mean(rows.map((r) => r.reciprocalRank)).toFixed(3)} | ${mean(rows.map((r) => r.recall5)).toFixed(3)} |`);
  }
}

async function latency() {
  const rows: string[] = [];
  const indexing: string[] = [];
  for (const size of [1_000, 10_000, 100_000]) {
    const seeded = await seededApp(size, { embeddings: EMBEDDINGS });
    if (EMBEDDINGS) indexing.push(`${size.toLocaleString('en')} variants: seeded in ${seeded.seedSeconds.toFixed(0)} s, every product's vector in ${seeded.embeddingSeconds!.toFixed(0)} s more (${seeded.app.searchIndex.mode})`);
    const cases: [string, object][] = [
      ['search "metzenbam sissors"', { method: 'POST', url: '/api/search', payload: { query: 'metzenbam sissors' } }],
      ['search "heart surgery clamp"', { method: 'POST', url: '/api/search', payload: { query: 'heart surgery clamp' } }],
      ['search "tonsil removal"', { method: 'POST', url: '/api/search', payload: { query: 'tonsil removal' } }],
      ['search "forceps"', { method: 'POST', url: '/api/search', payload: { query: 'forceps' } }],
      ['suggestions "kerr"', { method: 'POST', url: '/api/search/suggestions', payload: { query: 'kerr' } }],
    ];
    for (const [name, request] of cases) {
      const { p50, p95 } = await injectLatency(seeded.app, request, 100, 10);
      rows.push(`| ${size.toLocaleString('en')} | ${name} | ${p50.toFixed(2)} | ${p95.toFixed(2)} |`);
    }
    await seeded.close();
  }
  console.log(`\n${indexing.join('\n')}\n\n| variants | request | p50 ms | p95 ms |\n|---:|---|---:|---:|\n${rows.join('\n')}`);
}

await relevance();
if (!process.env.BENCH_RELEVANCE_ONLY) await latency();
