/**
 * The profile's calls: the user with their level (users-calls.ts `one`), the settings' bank list
 * (GET /admin/setting/get) and the save (`update`).
 */
import type { TUpdateUserRequest, TUserDetailResponse } from '@sewablast/contract/users';
import * as users from '@sewablast/contract/users-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { useSettingsQuery } from '../../../lib/settings-query.ts';
import { keyOf, useCall } from '../../../lib/use-call.ts';

export function useProfile(id: number) {
  return useCall(users.one, { params: { id } });
}

/** The settings' banks, 'BCA, MANDIRI, BRI' as a list; a failed read is an empty list (spec part 2 §8). */
export function useBankNames() {
  return useSettingsQuery((answer) =>
    answer.setting.bank_names
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  );
}

export function useUpdateProfile(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateUserRequest) => call(users.update, { params: { id }, body }),
    onSuccess: ({ user }) =>
      client.setQueryData<TUserDetailResponse>(keyOf(users.one, { params: { id } }), (old) => old && { ...old, user }),
  });
}
