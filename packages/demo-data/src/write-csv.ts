import { writeFileSync } from 'node:fs';
import { DEMO_CSV_FILES, demoArticlesCsv, demoServicesCsv } from './csv';

// Rewrites the committed demo CSV files from the generators: `npm run write-csv -w @mealprep/demo-data`.
writeFileSync(DEMO_CSV_FILES.services, demoServicesCsv());
writeFileSync(DEMO_CSV_FILES.articles, demoArticlesCsv());
console.log(`wrote ${DEMO_CSV_FILES.services} and ${DEMO_CSV_FILES.articles}`);
