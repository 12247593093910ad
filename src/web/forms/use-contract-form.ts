import { type DefaultValues, type FieldValues, get, type Path, type Resolver, useForm, type UseFormProps } from 'react-hook-form';
import type { z } from 'zod';
import { issueError, type IssueError, serverIssueErrors, useIssueText } from '../lib/issue-text.ts';

type Nested = { [key: string]: Nested | IssueError };

/** What a form holds while it is filled in: a box that must be ticked starts unticked, a choice starts unmade (''). */
export type FormValues<Input> = {
  [K in keyof Input]: [Exclude<Input[K], undefined>] extends [true] ? boolean : [Exclude<Input[K], undefined>] extends [string] ? string : Input[K];
};

/** Checks a form against the contract's own schema and reports each field's first problem by its message key. */
function contractResolver<Input extends FieldValues, Output>(schema: z.ZodType<Output, Input>): Resolver<FormValues<Input>, unknown, Output> {
  return async (values) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: Nested = {};
    for (const issue of result.error.issues) {
      const path = issue.path.length > 0 ? issue.path.map(String) : ['root'];
      let node = errors;
      for (const part of path.slice(0, -1)) node = (node[part] ??= {}) as Nested;
      node[path.at(-1)!] ??= issueError(issue as Parameters<typeof issueError>[0]);
    }
    return { values: {}, errors: errors as never };
  };
}

/**
 * The one way to build a form: react-hook-form checked by the contract's body schema (the same the server runs),
 * with each problem shown in the visitor's language. `overrides` gives a field a message of the form's own, used
 * in place of the generic one (such as "Please choose a subject" for a missing choice).
 */
export function useContractForm<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  options: Omit<UseFormProps<FormValues<Input>, unknown, Output>, 'resolver'> & {
    defaultValues: DefaultValues<FormValues<Input>>;
    overrides?: Partial<Record<Path<FormValues<Input>>, string>>;
  },
) {
  const { overrides, ...formOptions } = options;
  const form = useForm<FormValues<Input>, unknown, Output>({ ...formOptions, resolver: contractResolver(schema) });
  const issueText = useIssueText();

  /** The field's problem as text, if it has one. */
  function errorText(name: Path<FormValues<Input>>): string | undefined {
    const error = get(form.formState.errors, name) as IssueError | undefined;
    if (!error?.type) return undefined;
    return overrides?.[name] ?? issueText(error);
  }

  /** Puts a refused call's field problems on their fields; whether there were any. */
  function setServerErrors(error: unknown): boolean {
    const found = Object.entries(serverIssueErrors(error));
    found.forEach(([field, issue], index) => form.setError(field as Path<FormValues<Input>>, issue, { shouldFocus: index === 0 }));
    return found.length > 0;
  }

  return { ...form, errorText, setServerErrors };
}
