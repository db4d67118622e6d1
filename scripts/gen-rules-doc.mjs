// Regenerates the generated blocks of docs/rules.md from the rules (run after `npm run build`: npm run docs:rules).
import { readFileSync, writeFileSync } from 'node:fs';
import { RULES } from '../dist/checks/rules/index.js';
import { renderRulesDoc } from './rules-doc.mjs';

const file = new URL('../docs/rules.md', import.meta.url);
writeFileSync(file, renderRulesDoc(RULES, readFileSync(file, 'utf8')));
console.error('wrote docs/rules.md');
