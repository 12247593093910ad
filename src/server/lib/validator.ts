import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inputProblems, type InputProblem } from '#contracts/fields';

/**
 * The validator of every route: the rules no input may break, whatever its contract (`inputProblems` in
 * src/contracts/fields.ts: NUL bytes, lone surrogates, line breaks in single-line fields, numbers beyond PostgreSQL's
 * integer or a sane amount, deep nesting), then the contract's own schema. Either failing is the same 400 with
 * per-field messages.
 */
export const validatorCompilerWithInputRules: FastifySchemaCompiler<z.ZodType> = (route) => {
  const { schema } = route;
  const validate = validatorCompiler(route);
  if (!(schema instanceof z.ZodType)) return validate;
  let problems: InputProblem[] = [];
  const refuse = validatorCompiler({
    ...route,
    schema: z.unknown().superRefine((value, ctx) => {
      for (const problem of problems) ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message, input: value });
    }),
  });
  return (data) => {
    problems = inputProblems(schema, data);
    return problems.length > 0 ? refuse(data) : validate(data);
  };
};
