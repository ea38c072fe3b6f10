// Checks a signal against its type's schema, from the schemas the routes and the OpenAPI
// document are made of (src/schemas): for places with no app at hand (a delivery's body).
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { resourceSchemas } from '../src/schemas/index.ts';

let validate: ValidateFunction | undefined;

/** The schema errors of a signal (none when it is a valid signal of its type). */
export function signalSchemaErrors(signal: unknown): unknown[] {
  if (!validate) {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    (addFormats as unknown as (a: Ajv2020) => void)(ajv);
    for (const schema of resourceSchemas) ajv.addSchema(schema);
    validate = ajv.getSchema('Signal')!;
  }
  return validate(signal) ? [] : (validate.errors ?? []);
}
