import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WebhookEventType } from '@signet/contracts/business-webhooks';
import { businessWebhookEndpoints as calls } from '@signet/contracts/endpoints/business-webhooks';
import { callApi } from '../../../lib/api-client.ts';

const webhooksKey = (businessId: string) => ['business', businessId, 'webhooks'] as const;
const deliveriesKey = (businessId: string, webhookId: string) =>
  [...webhooksKey(businessId), webhookId, 'deliveries'] as const;

/** The business's webhook endpoints (without secrets) and when its callback secret was made. */
export function useWebhooks(businessId: string) {
  return useQuery({
    queryKey: webhooksKey(businessId),
    queryFn: () => callApi(calls.listWebhooks, { params: { businessId }, retry: true }),
  });
}

/**
 * A change of the business's webhooks; the list is read again after it (it answers with more than
 * a list item: a secret that must not enter the cache).
 */
function useWebhooksChange<Value, Answer>(businessId: string, change: (value: Value) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksKey(businessId) }),
  });
}

export function useCreateWebhook(businessId: string) {
  return useWebhooksChange(
    businessId,
    (body: { url: string; description: string; events: WebhookEventType[] }) =>
      callApi(calls.createWebhook, { params: { businessId }, body }),
  );
}

export function useRotateWebhookSecret(businessId: string) {
  return useWebhooksChange(businessId, (webhookId: string) =>
    callApi(calls.rotateWebhookSecret, { params: { businessId, webhookId } }),
  );
}

export function useDeleteWebhook(businessId: string) {
  return useWebhooksChange(businessId, (webhookId: string) =>
    callApi(calls.deleteWebhook, { params: { businessId, webhookId } }),
  );
}

export function useRotateCallbackSecret(businessId: string) {
  return useWebhooksChange(businessId, () => callApi(calls.rotateCallbackSecret, { params: { businessId } }));
}

/** An endpoint's latest deliveries with their attempts. */
export function useWebhookDeliveries(businessId: string, webhookId: string) {
  return useQuery({
    queryKey: deliveriesKey(businessId, webhookId),
    queryFn: async () =>
      (await callApi(calls.listWebhookDeliveries, { params: { businessId, webhookId }, retry: true }))
        .deliveries,
  });
}

/** Re-sends a delivery now; the deliveries are read again a moment later, when the attempt has run. */
export function useResendDelivery(businessId: string, webhookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      callApi(calls.resendWebhookDelivery, { params: { businessId, webhookId, deliveryId } }),
    onSettled: () =>
      setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: deliveriesKey(businessId, webhookId) }),
        1500,
      ),
  });
}
