import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type UpdateUserInput, type User, userSchema } from "@timetrap/domain";
import { api } from "../lib/api-client";
import { getMeQueryOptions } from "./get-me";

export function updateUser({ userId, data }: { userId: string; data: UpdateUserInput }): Promise<User> {
  return api.patch(`/user/${encodeURIComponent(userId)}`, { body: data, schema: userSchema });
}

/** PATCH user/{id}; the answer replaces the signed-in user when it is the same person. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (user) => {
      const meKey = getMeQueryOptions().queryKey;
      const me = queryClient.getQueryData(meKey);
      if (me?.uid === user.uid) queryClient.setQueryData(meKey, user);
    },
  });
}
