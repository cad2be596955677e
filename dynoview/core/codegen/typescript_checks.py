"""The checks of the generated TypeScript module before it sends anything: DynamoDB's key size
limits (of the accounts', the locks' and the indexes' keys) and new values. Split from
``typescript_runtime``; nothing here holds data from a schema.
"""

from __future__ import annotations

NEW_VALUE = """
/** A new value's lock key form, normalised once; refused if no lock can keep it. */
function newValue(
  field: Field,
  value: string,
  normalise: (value: string) => string,
  trims: boolean,
  index: readonly [string, string, number] | null = null,
): string {
  if (index !== null) {
    // [index, attribute, bytes]: an index keyed on the account's attribute, whose value as given
    // is then that index's key: 2,048 bytes for a partition key, 1,024 for a sort key (DynamoDB
    // refuses the whole item over the limit).
    const [name, attribute, limit] = index;
    const size = Buffer.byteLength(value, "utf8");
    if (size > limit) {
      throw new KeyTooLongError(field, value, attribute, size, limit, name);
    }
  }
  if (strip(value) === "") {
    throw new InvalidValueError(field, value, "it is empty");
  }
  if (!trims && value !== strip(value)) {
    throw new InvalidValueError(field, value, "it has spaces at either end, which its lock key would keep");
  }
  const key = normalise(value);
  if (key === "") {
    throw new InvalidValueError(field, value, "nothing of it is left once normalised");
  }
  return key;
}

"""

# Filled in by ``typescript`` (``str.format``): the key names, quoted, and the limits.
KEY_LIMITS = """
/** [partition key, sort key] of the accounts and of the locks. */
const ACCOUNT_KEY: readonly [string, string | null] = {account_key};
const LOCK_KEY: readonly [string, string | null] = {lock_key};
/** DynamoDB refuses a key value longer than this, in UTF-8 bytes. */
const PARTITION_KEY_BYTES = {partition_bytes};
const SORT_KEY_BYTES = {sort_bytes};

/** Refuse a key DynamoDB would refuse as too long, naming the value it was built from (a long
 * value can pass its own checks and still make a key over the limit). */
function checkKey(
  key: Record<string, AttributeValue> | undefined,
  names: readonly [string, string | null],
  field: Field | null,
  value: string | null,
): void {{
  const over = tooLong(key, names);
  if (over !== null) {{
    throw new KeyTooLongError(field, value, ...over);
  }}
}}

/** [name, bytes, limit] of the first part of `key` over DynamoDB's limits, or null. */
function tooLong(
  key: Record<string, AttributeValue> | undefined,
  names: readonly [string, string | null],
): [string, number, number] | null {{
  const limits: Array<[string | null, number]> = [[names[0], PARTITION_KEY_BYTES],
    [names[1], SORT_KEY_BYTES]];
  for (const [name, limit] of limits) {{
    const text = name === null ? undefined : key?.[name]?.S;
    if (name !== null && text !== undefined) {{
      // Lone surrogates count 3 bytes, as Python's "surrogatepass" counts them.
      const size = Buffer.byteLength(text, "utf8");
      if (size > limit) {{
        return [name, size, limit];
      }}
    }}
  }}
  return null;
}}

function actionKey(item: TransactWriteItem): Record<string, AttributeValue> | undefined {{
  return item.Put?.Item ?? item.Update?.Key ?? item.Delete?.Key ?? item.ConditionCheck?.Key;
}}

/**
 * The actions without those on the lock of a value the account holds that no lock can exist
 * for: one its rule empties ("   " trimmed) is no value, and one whose lock key is too long never
 * had a lock (only changing the value fixes it). Sending them would cancel the call, or refuse
 * the very change that fixes the value.
 */
function possibleLocks(
  items: readonly TransactWriteItem[],
  failures: readonly Failure[],
): [TransactWriteItem[], Failure[]] {{
  const keep = items.map((item, i) => {{
    const heldKey = failures[i]?.heldKey ?? null;
    return heldKey === null || (heldKey !== "" && tooLong(actionKey(item), LOCK_KEY) === null);
  }});
  return [items.filter((_item, i) => keep[i]), failures.filter((_f, i) => keep[i])];
}}

/** Check every action's key before sending: a lock's names its field and value, an account's
 * its id. */
function checkKeys(items: readonly TransactWriteItem[], failures: readonly Failure[]): void {{
  items.forEach((item, i) => {{
    const f = failures[i];
    const key = actionKey(item);
    if (f === undefined) {{
      return;
    }}
    if (f.kind === "taken" || f.kind === "lock_missing") {{
      checkKey(key, LOCK_KEY, f.field, f.value);
    }} else {{
      checkKey(key, ACCOUNT_KEY, null, f.account);
    }}
  }});
}}
"""
