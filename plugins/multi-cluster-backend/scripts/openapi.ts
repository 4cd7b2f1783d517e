/**
 * Writes openapi.yaml from common's route table (`yarn openapi`). The
 * backend's tests fail while the checked-in file differs from it.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { openApiYaml } from '../src/service/openapi';

const target = resolve(__dirname, '../openapi.yaml');
writeFileSync(target, openApiYaml());
process.stdout.write(`wrote ${target}\n`);
