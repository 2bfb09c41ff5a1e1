import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A change to one item of a cached list (a business's domains, its API users): the answer replaces
 * that item in the list, or, when the change answers the removed item's key, drops it — no second
 * call. A refused change may still have changed something (a failed check records when it looked):
 * the list is read again then. `toItem` shapes the answer for the cache (drops what must not be
 * kept there, such as a secret shown once).
 */
export function useCachedListChange<Item, Answer extends object | string, Value>(options: {
  queryKey: QueryKey;
  keyOf: (item: Item) => string;
  change: (value: Value) => Promise<Answer>;
  toItem: (answer: Exclude<Answer, string>) => Item;
}) {
  const { queryKey, keyOf, change, toItem } = options;
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (answer) =>
      queryClient.setQueryData<Item[]>(queryKey, (list = []) => {
        if (typeof answer === 'string') return list.filter((item) => keyOf(item) !== answer);
        const item = toItem(answer as Exclude<Answer, string>);
        const others = list.filter((other) => keyOf(other) !== keyOf(item));
        return [...others, item].sort((a, b) => keyOf(a).localeCompare(keyOf(b)));
      }),
    onError: () => queryClient.invalidateQueries({ queryKey }),
  });
}
