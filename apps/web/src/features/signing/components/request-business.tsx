import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SigningAccess } from '../../../lib/signing-access.ts';
import { useBusinessInformation } from '../api/business-information.ts';

/**
 * Whose request this is, as its business brands it (spec: the visitor's page shows the business's
 * name and logo). Nothing while it loads, if it fails, or for a request from outside a business:
 * the sender's name is on the page anyway.
 */
export function RequestBusiness({
  access,
  businessId,
}: {
  access: SigningAccess;
  businessId: string | null;
}) {
  const business = useBusinessInformation(access, businessId).data;
  if (!business) return null;
  return business.logo ? (
    <Box
      component="img"
      src={business.logo.url}
      alt={business.name}
      sx={{ display: 'block', maxHeight: 48, maxWidth: 200, objectFit: 'contain', mb: 1.5 }}
    />
  ) : (
    <Typography variant="overline" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
      {business.name}
    </Typography>
  );
}
