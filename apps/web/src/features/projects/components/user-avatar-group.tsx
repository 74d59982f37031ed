import { Avatar, type AvatarProps, Tooltip } from "@mantine/core";
import type { UserRef } from "@timetrap/domain";

/** Spec part 2 §9: avatar groups show at most 5 people. */
export const avatarGroupMax = 5;

/** The person's picture, or their initials in a colour that stays the same for the same name. */
export function PersonAvatar({ user, ...props }: { user: Pick<UserRef, "nominative" | "image_url"> } & AvatarProps) {
  return (
    <Tooltip label={user.nominative} withArrow>
      <Avatar src={user.image_url} name={user.nominative} color="initials" alt={user.nominative} {...props} />
    </Tooltip>
  );
}

/** Up to five people, overlapping; the ones beyond are counted in a last avatar that names them on hover. */
export function UserAvatarGroup({
  users,
  size = "sm",
  label,
}: {
  users: readonly UserRef[];
  size?: AvatarProps["size"];
  /** What the group is, for assistive technology. */
  label: string;
}) {
  const shown = users.slice(0, avatarGroupMax);
  const rest = users.slice(avatarGroupMax);
  return (
    <Tooltip.Group openDelay={200} closeDelay={100}>
      <Avatar.Group spacing="xs" role="group" aria-label={label}>
        {shown.map((user) => (
          <PersonAvatar key={user.uid} user={user} size={size} />
        ))}
        {rest.length > 0 && (
          <Tooltip label={rest.map((user) => user.nominative).join(", ")} withArrow multiline maw={240}>
            <Avatar size={size} radius="xl">
              +{rest.length}
            </Avatar>
          </Tooltip>
        )}
      </Avatar.Group>
    </Tooltip.Group>
  );
}
