import type {
  ApiSuccess,
  NotificationDto,
  NotificationList,
  PriceAlert,
  PriceAlertRequest,
  SocketPayload,
} from '@exchange/contracts';
import { api } from '@/lib/api-client';
import { listenWhileCached, onSocketReconnect } from '@/lib/socket';
import { showBrowserNotification } from '../browser-notify';

/**
 * The bell (GET /notifications, live from the `notification` event) and the user's price alerts
 * (GET, POST, DELETE /alerts). A notification arriving also refreshes the alerts: one has fired.
 */
export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNotifications: build.query<NotificationList, undefined>({
      query: () => ({ url: '/notifications' }),
      transformResponse: (body: ApiSuccess<NotificationList>) => body.data,
      providesTags: ['Notifications'],
      async onCacheEntryAdded(_arg, { updateCachedData, dispatch, ...life }) {
        const onNotification = ({ data }: SocketPayload<NotificationDto>) => {
          updateCachedData((list) => {
            if (list.items.some((n) => n.id === data.id)) return;
            list.items.unshift(data);
            if (!data.read) list.unread += 1;
          });
          showBrowserNotification(data);
          dispatch(api.util.invalidateTags(['PriceAlerts']));
        };
        // Notifications sent while the socket was away (an alert that fired meanwhile) come
        // with the list fetched again.
        const stopRefetching = onSocketReconnect(
          () => void dispatch(api.util.invalidateTags(['Notifications', 'PriceAlerts'])),
        );
        await listenWhileCached('notification', onNotification, life);
        stopRefetching();
      },
    }),
    markNotificationsRead: build.mutation<ApiSuccess<null>, undefined>({
      query: () => ({ url: '/notifications/read', method: 'POST' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          notificationsApi.util.updateQueryData('getNotifications', undefined, (list) => {
            list.unread = 0;
            for (const n of list.items) n.read = true;
          }),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
    }),
    getPriceAlerts: build.query<PriceAlert[], undefined>({
      query: () => ({ url: '/alerts' }),
      transformResponse: (body: ApiSuccess<PriceAlert[]>) => body.data,
      providesTags: ['PriceAlerts'],
    }),
    createPriceAlert: build.mutation<PriceAlert, PriceAlertRequest>({
      query: (body) => ({ url: '/alerts', method: 'POST', body }),
      transformResponse: (body: ApiSuccess<PriceAlert>) => body.data,
      invalidatesTags: ['PriceAlerts'],
    }),
    deletePriceAlert: build.mutation<ApiSuccess<null>, string>({
      query: (id) => ({ url: `/alerts/${id}`, method: 'DELETE' }),
      invalidatesTags: ['PriceAlerts'],
    }),
  }),
});

export const {
  useGetNotificationsQuery,
  useMarkNotificationsReadMutation,
  useGetPriceAlertsQuery,
  useCreatePriceAlertMutation,
  useDeletePriceAlertMutation,
} = notificationsApi;
