/** How Signet writes a person's name in mails, reports and stamps: first name, then last name. */
export function fullName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim();
}
