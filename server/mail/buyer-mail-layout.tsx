import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { ReactNode } from 'react';
import type { SupplierContact } from './mail-message.ts';

/**
 * The frame of every e-mail to a buyer (the order confirmation, later a shipping notice): one
 * narrow column with inline styles and system fonts, which Gmail, Outlook and Apple Mail
 * render alike and a phone shows without zooming, and the supplier's phone and e-mail at the
 * foot. `preview` is the line mail programs show beside the subject.
 */
export function BuyerMailLayout({ preview, supplier, children }: { preview: string; supplier: SupplierContact; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          {children}
          <Hr style={styles.rule} />
          <Section>
            <Text style={styles.small}>
              Questions about this order? Contact {supplier.supplierName}: call{' '}
              <Link href={`tel:${supplier.mainPhone.replace(/[^0-9+]/g, '')}`} style={styles.noBreak}>
                {supplier.mainPhone}
              </Link>{' '}
              or e-mail <Link href={`mailto:${supplier.supportEmail}`}>{supplier.supportEmail}</Link> (a reply to this e-mail reaches them too).
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** The few styles the buyer's e-mails share; inline, as mail programs drop style sheets. */
export const styles = {
  body: {
    backgroundColor: '#f4f4f5',
    fontFamily: '-apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
    color: '#18181b',
    margin: 0,
    padding: '16px 0',
  },
  container: { backgroundColor: '#ffffff', maxWidth: '600px', margin: '0 auto', padding: '24px 20px' },
  heading: { fontSize: '22px', lineHeight: '28px', margin: '0 0 12px' },
  text: { fontSize: '15px', lineHeight: '22px', margin: '0 0 8px' },
  small: { fontSize: '13px', lineHeight: '20px', color: '#52525b', margin: 0 },
  rule: { borderColor: '#e4e4e7', margin: '16px 0' },
  lineName: { fontSize: '16px', lineHeight: '22px', fontWeight: 600, margin: '0 0 4px' },
  fact: { fontSize: '14px', lineHeight: '20px', margin: 0 },
  total: { fontSize: '17px', lineHeight: '24px', fontWeight: 700, margin: '8px 0 0' },
  /** A phone number is not split across lines on a narrow screen. */
  noBreak: { whiteSpace: 'nowrap' },
} as const;
