import { Avatar, type AvatarProps } from "@mantine/core";
import type { OrganizationUser } from "@timetrap/domain";

/** The person's picture, or their initials in a colour that stays the same for the same name. */
export function UserAvatar({
  user,
  ...props
}: { user: Pick<OrganizationUser, "nominative" | "image_url"> } & Omit<AvatarProps, "src" | "name">) {
  return <Avatar src={user.image_url} name={user.nominative} color="initials" alt={user.nominative} {...props} />;
}
