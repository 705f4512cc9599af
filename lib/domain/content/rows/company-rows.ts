import type { CompanyProfile as CompanyProfileRow, Credential as CredentialRow, Leader as LeaderRow } from '@/lib/generated/prisma/client';
import { stringArray } from '../../../core/json-columns';
import type { CompanyItemData } from '../content-bundle';

/** The profile's single row. */
export const COMPANY_ROW_ID = 'company';

/** The profile is three tables: the profile row, its leaders and its credentials, each list in its own order. */
export function companyRowsData(item: CompanyItemData) {
  return {
    profile: {
      name: item.name,
      city: item.headquarters.city,
      state: item.headquarters.state,
      country: item.headquarters.country,
      yearFounded: item.yearFounded,
      yearsOfExperience: item.yearsOfExperience,
      tagline: item.tagline,
      description: item.description,
      coreCompetencies: item.coreCompetencies,
      contactEmail: item.contact.email,
      contactPhone: item.contact.phone,
      website: item.contact.website,
      socialMedia: item.contact.socialMedia,
      clientCount: item.socialProof.clientCount,
      projectsCompleted: item.socialProof.projectsCompleted,
    },
    leaders: item.leadership.map((leader, order) => ({ id: `leader-${order + 1}`, ...leader, order })),
    credentials: item.credentials.map((credential, order) => ({ ...credential, order })),
  };
}

export function companyItemOf(profile: CompanyProfileRow, leaders: LeaderRow[], credentials: CredentialRow[]): CompanyItemData {
  const byOrder = <T extends { order: number }>(rows: T[]) => [...rows].sort((a, b) => a.order - b.order);
  return {
    name: profile.name,
    headquarters: { city: profile.city, state: profile.state, country: profile.country },
    yearFounded: profile.yearFounded,
    yearsOfExperience: profile.yearsOfExperience,
    tagline: profile.tagline,
    description: profile.description ?? '',
    leadership: byOrder(leaders).map((leader) => ({ name: leader.name, role: leader.role, bio: leader.bio, portraitId: leader.portraitId })),
    coreCompetencies: stringArray(profile.coreCompetencies, 'CompanyProfile.coreCompetencies'),
    contact: {
      email: profile.contactEmail,
      phone: profile.contactPhone,
      website: profile.website,
      socialMedia: profile.socialMedia as Record<string, string>,
    },
    socialProof: { clientCount: profile.clientCount, projectsCompleted: profile.projectsCompleted },
    credentials: byOrder(credentials).map((c) => ({
      id: c.id,
      name: c.name,
      issuer: c.issuer,
      year: c.year,
      kind: c.kind as CompanyItemData['credentials'][number]['kind'],
      description: c.description,
    })),
  };
}
