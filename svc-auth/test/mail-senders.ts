import type { EventPayload } from '@mealprep/contracts';
import { silentLogger, TEST_IDENTITY_SECRET, testBroker, testDatabase, testOutbox } from '@mealprep/service-kit/testing';
import { afterAll, beforeAll } from 'vitest';
import { authRepositories, ensureAuthIndexes } from '../src/app';
import { subscribeStatusMail } from '../src/entry-points/mq/status-mail-sender';
import { createMailer, type Mailer } from '../src/mail/mailer';
import { TEST_MAIL_SITE } from '../src/testing/fakes';
import { startMailCatcher } from './mail-catcher';

export interface MailSenders {
  mq: Awaited<ReturnType<typeof testBroker>>;
  smtp: Awaited<ReturnType<typeof startMailCatcher>>;
  repositories: ReturnType<typeof authRepositories>;
  /** The mailer the senders use (to the catcher). */
  mailer: Mailer;
}

/**
 * svc-auth's mail senders as a test file needs them: its own database and broker prefix (events
 * published as svc-catalog's), subscribed to the events they mail, sending to a real SMTP catcher
 * for https://meals.example.com; all of it removed after the file. Filled in before the tests run.
 */
export function useMailSenders(label: string): MailSenders {
  const senders = {} as MailSenders;
  let db: Awaited<ReturnType<typeof testDatabase>> | undefined;
  beforeAll(async () => {
    db = await testDatabase(label);
    senders.mq = await testBroker(label, 'svc-catalog');
    senders.smtp = await startMailCatcher();
    senders.repositories = authRepositories(db.connection, testOutbox(db.connection, senders.mq.broker));
    await ensureAuthIndexes(senders.repositories);
    const mailer = (senders.mailer = createMailer({ smtpUrl: senders.smtp.url, from: 'x <x@example.com>', outbox: '/nonexistent', logger: silentLogger, site: () => TEST_MAIL_SITE }));
    await subscribeStatusMail({ broker: senders.mq.broker, ...senders.repositories, mailer, siteUrl: 'https://meals.example.com', logger: silentLogger, secret: TEST_IDENTITY_SECRET });
  });
  afterAll(async () => {
    await senders.smtp?.close();
    await senders.mq?.destroy();
    await db?.drop();
  });
  return senders;
}

/** A visitor's quote request as svc-catalog's events carry it. */
export const SAMPLE_LEAD_REQUEST = {
  name: 'Dana Rivera',
  email: 'dana.rivera@example.com',
  zip: '78701',
  mealTypes: ['high-protein', 'keto'],
  mealsPerWeek: 10,
  startDate: '2099-01-04',
  fulfilment: 'delivery' as const,
  message: 'We are two adults looking for high-protein lunches, five days a week.',
};

/**
 * Publishes `catalog.lead.received` as svc-catalog does, for Chef Kitchen (owned by `owner()`
 * unless the change says otherwise), each with a lead id and delete token of its own.
 */
export function leadPublisher(senders: MailSenders, owner: () => string | null) {
  let leads = 0;
  return (change: Partial<EventPayload<'catalog.lead.received'>> = {}) => {
    leads += 1;
    return senders.mq.broker.publish('catalog.lead.received', {
      leadId: `l-${String(leads).padStart(24, '0')}`,
      serviceId: 'a'.repeat(24),
      serviceName: 'Chef Kitchen',
      slug: 'chef-kitchen',
      ownerUserId: owner(),
      held: false,
      request: SAMPLE_LEAD_REQUEST,
      deleteToken: `delete-token-${String(leads).padStart(19, '0')}`,
      ...change,
    });
  };
}
