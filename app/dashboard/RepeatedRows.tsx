import { useState } from "react";

import { Button } from "~/components/ui/Button";
import { useHydrated } from "~/lib/use-hydrated";

/** One row as first drawn: its stored values, which stay with the row when rows move. */
type Row<Values> = { key: number; values: Values };

/**
 * A list sent as numbered slots (authors, board members): the filled rows and `spare` empty
 * ones, so it works before any script has loaded. Once scripts run, "Add" shows another row and
 * each row can be removed (and moved, with `reorder`). Field names follow a row's position, its
 * values follow the row itself, so what was typed moves with it.
 */
export function RepeatedRows<Values>({
  filled,
  empty,
  spare,
  max,
  noun,
  addLabel,
  reorder = false,
  children,
}: {
  filled: Values[];
  empty: Values;
  spare: number;
  max: number;
  /** "Author": each row is a group named "Author 1", "Author 2"… */
  noun: string;
  addLabel: string;
  reorder?: boolean;
  /** The row's fields: `position` names them, `values` fills them. */
  children: (position: number, values: Values) => React.ReactNode;
}) {
  const hydrated = useHydrated();
  const [rows, setRows] = useState<Row<Values>[]>(() =>
    [...filled, ...Array.from({ length: spare }, () => empty)].slice(0, max).map((values, key) => ({ key, values })),
  );
  const [nextKey, setNextKey] = useState(max);
  const move = (from: number, to: number) =>
    setRows((all) => {
      const next = [...all];
      const [row] = next.splice(from, 1);
      next.splice(to, 0, row);
      return next;
    });
  return (
    <div className="space-y-4">
      {rows.map((row, position) => (
        <fieldset
          key={row.key}
          className="rounded-lg border border-slate-200 p-4 dark:border-slate-700/60"
          aria-label={`${noun} ${position + 1}`}
        >
          <legend className="px-1 text-sm font-semibold text-slate-800 dark:text-slate-200">
            {noun} {position + 1}
          </legend>
          <div className="grid gap-4 sm:grid-cols-2">{children(position, row.values)}</div>
          {hydrated && (
            <div className="mt-3 flex flex-wrap gap-4 text-sm">
              {reorder && position > 0 && (
                <Button variant="link" onClick={() => move(position, position - 1)}>
                  Move up
                </Button>
              )}
              {reorder && position < rows.length - 1 && (
                <Button variant="link" onClick={() => move(position, position + 1)}>
                  Move down
                </Button>
              )}
              <Button variant="danger" onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}>
                Remove
              </Button>
            </div>
          )}
        </fieldset>
      ))}
      {hydrated && rows.length < max && (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            setRows((all) => [...all, { key: nextKey, values: empty }]);
            setNextKey((k) => k + 1);
          }}
        >
          {addLabel}
        </Button>
      )}
    </div>
  );
}
