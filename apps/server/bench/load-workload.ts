// What the load run's virtual users do: each signs in as its own account and then opens the screens of its
// role one after another (a "page" is the calls that screen makes), signs out after a session of pages and
// signs in again; a fifth of the sign-ins start with a mistyped password (answered 401, as expected). The
// mix per role follows the spec's screens: admins keep the proposal lists, register proposals with a photo and a letter, and look at
// masters, completed works and the map; consultants verify, open their proposals and add survey photos;
// structural officials work the approvals list and the map; umum reads the map and the completed works.
import { PROPOSAL_TYPES, type TRole } from '@eusulan/shared';
import { fixture, multipart } from '../test/multipart.ts';
import { SEARCH_FRAGMENT, SHORT_SEARCH_FRAGMENT } from './bench-data.ts';
import { LOAD_USER_PASSWORD, type LoadFixtures, type LoadUser } from './load-data.ts';

/** One HTTP call of a page. GET calls are the reads the p99 limit is about. */
export interface Call {
  /** The request type its figures are kept under. */
  type: string;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: Buffer | string;
  /** The statuses that are a right answer; any other is an error. */
  expect: readonly number[];
  /** Reads what the answer carries (the token, an ETag). */
  onAnswer?: (status: number, body: string, headers: Record<string, unknown>) => void;
}

/** Multipart bodies built once before the run (the load tool builds requests synchronously). */
export interface UploadBodies {
  proposals: { payload: Buffer; contentType: string }[];
  photos: { payload: Buffer; contentType: string }[];
}

/** Pages per session before the user signs out and in again. */
const SESSION_PAGES = 40;
/** The share of sign-ins whose first try has a mistyped password. */
const MISTYPE_SHARE = 0.2;
const BROWSER_HEADERS = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' };

const pick = <T>(items: readonly T[]): T => {
  const item = items[Math.floor(Math.random() * items.length)];
  if (item === undefined) throw new Error('nothing to pick from');
  return item;
};
const page = () => 1 + Math.floor(Math.random() ** 2 * 5);
const query = (values: Record<string, string | number | null | undefined>) =>
  new URLSearchParams(
    Object.entries(values).flatMap(([key, value]): [string, string][] =>
      value === null || value === undefined || value === '' ? [] : [[key, String(value)]],
    ),
  ).toString();

/** The proposals and survey photos the admins and consultants upload: real png and pdf files. */
export async function buildUploadBodies(fixtures: LoadFixtures): Promise<UploadBodies> {
  const today = new Date().toISOString().slice(0, 10);
  const proposals = await Promise.all(
    Array.from({ length: 12 }, async (_, n) => {
      const body = await multipart(
        {
          proposalType: PROPOSAL_TYPES[n % PROPOSAL_TYPES.length],
          proposalDate: today,
          proposerName: `Warga Uji Beban ${n + 1}`,
          phoneNumber: `08123${String(100000 + n).padStart(6, '0')}`,
          roadId: fixtures.roadIds[n % fixtures.roadIds.length],
          villageId: fixtures.registrations[n % fixtures.registrations.length]?.villageId,
          rtNumber: String(1 + (n % 9)).padStart(2, '0'),
          rwNumber: String(1 + (n % 5)).padStart(2, '0'),
          address: `Jalan berlubang dekat balai RW No. ${n + 1}`,
          consultantId: fixtures.registrations[n % fixtures.registrations.length]?.consultantId,
        },
        { 'files[]': [fixture('road-photo.png', 'foto jalan.png'), fixture('surat-usulan.pdf')] },
      );
      return { payload: body.payload, contentType: body.headers['content-type'] };
    }),
  );
  const photos = await Promise.all(
    fixtures.photoCategoryIds.map(async (photoCategoryId) => {
      const body = await multipart(
        { photoCategoryId },
        { file: [fixture('road-photo.png', 'foto survey.png')] },
      );
      return { payload: body.payload, contentType: body.headers['content-type'] };
    }),
  );
  return { proposals, photos };
}

type Page = (user: VirtualUser) => Call[];

/** Screens with their weights per role. */
const PAGES: Record<TRole, [number, Page][]> = {
  admin: [
    [30, (u) => [u.proposalList()]],
    [20, (u) => u.proposalDetail(pick(u.fixtures.places))],
    [6, (u) => u.registerProposal()],
    [12, (u) => [u.masterList()]],
    [
      4,
      (u) => [
        u.get('assigned consultants', `/api-web/assigned-consultant?${query({ page: page(), limit: 10 })}`),
      ],
    ],
    [10, (u) => u.completedWorks()],
    [10, (u) => u.dashboard()],
    [8, (u) => [u.selectList()]],
  ],
  consultan: [
    [20, (u) => u.verificationPage()],
    [4, (u) => u.verify()],
    [20, (u) => [u.proposalList()]],
    [20, (u) => u.proposalDetail(u.ownPlace())],
    [12, (u) => u.surveyPhoto()],
    [8, (u) => [u.get('need-approval', '/api-web/need-approval')]],
    [8, (u) => [u.selectList()]],
  ],
  structural: [
    [35, (u) => [u.processList()]],
    [
      25,
      (u) =>
        u.proposalDetail(
          u.fixtures.surveyed.length ? { id: pick(u.fixtures.surveyed) } : pick(u.fixtures.places),
        ),
    ],
    [8, (u) => [u.get('need-approval', '/api-web/need-approval')]],
    [20, (u) => u.dashboard()],
    [8, (u) => [u.dashboardSearch()]],
  ],
  umum: [
    [35, (u) => u.dashboard()],
    [15, (u) => [u.dashboardSearch()]],
    [25, (u) => u.completedWorks()],
    // Umum opens a proposal from a line on the map, so only those the map draws.
    [15, (u) => (u.fixtures.mapPlaces.length ? u.proposalDetail(pick(u.fixtures.mapPlaces)) : u.dashboard())],
    [10, (u) => [u.selectList()]],
  ],
};

function pickWeighted(pages: [number, Page][]): Page {
  const total = pages.reduce((sum, [weight]) => sum + weight, 0);
  let draw = Math.random() * total;
  const chosen = pages.find(([weight]) => {
    draw -= weight;
    return draw < 0;
  });
  return (chosen ?? pick(pages))[1];
}

/** One person of the office: its session, the calls of the page it is on, the ETags its browser keeps. */
export class VirtualUser {
  private token: string | null = null;
  private pagesLeft = 0;
  private pending: Call[] = [];
  private readonly etags = new Map<string, string>();
  private readonly work;
  /** The call whose answer is awaited (one at a time, as a browser tab's requests on one connection). */
  current: Call | undefined;

  constructor(
    readonly user: LoadUser,
    readonly fixtures: LoadFixtures,
    private readonly uploads: UploadBodies,
  ) {
    this.work = user.consultantId ? fixtures.byConsultant.get(user.consultantId) : undefined;
  }

  next(): Call {
    let call = this.pending.shift();
    while (!call) {
      this.pending = this.plan();
      call = this.pending.shift();
    }
    this.current = call;
    return call;
  }

  private plan(): Call[] {
    if (!this.token) return this.signIn();
    if (this.pagesLeft <= 0) return [this.signOut()];
    this.pagesLeft--;
    return pickWeighted(PAGES[this.user.role])(this);
  }

  private auth() {
    return { ...BROWSER_HEADERS, authorization: `Bearer ${this.token}` };
  }

  private signIn(): Call[] {
    const login = (type: string, password: string, expect: number[]): Call => ({
      type,
      method: 'POST',
      path: '/api/auth/login',
      // Uncompressed, so the token can be read from the answer.
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ username: this.user.username, password, recaptcha: '' }),
      expect,
      onAnswer: (status, body) => {
        if (status !== 200) return;
        this.token = (JSON.parse(body) as { data: { auth: { accessToken: string } } }).data.auth.accessToken;
        this.pagesLeft = SESSION_PAGES;
        // The app's first screen asks who is signed in.
        this.pending.unshift(this.get('me', '/api/auth/me'));
      },
    });
    const mistyped = Math.random() < MISTYPE_SHARE;
    const publicRead = (type: string, path: string): Call => ({
      type,
      method: 'GET',
      path,
      headers: BROWSER_HEADERS,
      expect: [200],
    });
    return [
      // What the login page asks before anyone signs in.
      publicRead('app info', '/api/app-info'),
      publicRead('captcha config', '/api/auth/captcha-config'),
      ...(mistyped ? [login('login (wrong password)', `${LOAD_USER_PASSWORD}x`, [401])] : []),
      login('login', LOAD_USER_PASSWORD, [200]),
    ];
  }

  private signOut(): Call {
    return {
      type: 'logout',
      method: 'POST',
      path: '/api/auth/logout',
      headers: this.auth(),
      expect: [200],
      onAnswer: () => {
        this.token = null;
      },
    };
  }

  get(type: string, path: string, expect: readonly number[] = [200]): Call {
    return { type, method: 'GET', path, headers: this.auth(), expect };
  }

  /** A map layer as the browser asks for it again: with the ETag it holds, answered 304 when unchanged. */
  private layer(type: string, path: string): Call {
    const etag = this.etags.get(path);
    return {
      ...this.get(type, path, [200, 304]),
      headers: { ...this.auth(), ...(etag ? { 'if-none-match': etag } : {}) },
      onAnswer: (status, _body, headers) => {
        const value = headers.etag ?? headers.ETag;
        if (status === 200 && typeof value === 'string') this.etags.set(path, value);
      },
    };
  }

  proposalList(): Call {
    const search = Math.random() < 0.25 ? pick([SEARCH_FRAGMENT, SHORT_SEARCH_FRAGMENT]) : '';
    const path = `/api-web/proposal?${query({
      proposalType: pick(PROPOSAL_TYPES),
      isHistory: 0,
      page: search ? 1 : page(),
      limit: 10,
      search,
    })}`;
    return this.get(search ? 'proposal list (search)' : 'proposal list', path);
  }

  /** The detail dialog, and for a known place its history tab. */
  proposalDetail(place: {
    id: number;
    villageId?: number;
    roadId?: number | null;
    rtNumber?: string | null;
  }) {
    const calls = [this.get('proposal detail', `/api-web/proposal/${place.id}`)];
    if (place.villageId) {
      const history = query({
        isHistory: 1,
        villageId: place.villageId,
        roadId: place.roadId,
        rtNumber: place.rtNumber,
        page: 1,
        limit: 10,
      });
      calls.push(this.get('place history', `/api-web/proposal?${history}`));
    }
    return calls;
  }

  ownPlace() {
    return { id: pick(this.work?.proposals.length ? this.work.proposals : this.fixtures.surveyed) };
  }

  /** The registration form: its selects, then the multipart POST with a photo and a letter. */
  registerProposal(): Call[] {
    const upload = pick(this.uploads.proposals);
    return [
      this.get('select list', `/api/select-list/village?${query({ search: 'ke', limit: 15 })}`),
      this.get('select list', `/api/select-list/road?${query({ search: 'jalan', limit: 15 })}`),
      {
        type: 'proposal create (upload)',
        method: 'POST',
        path: '/api-web/proposal',
        headers: { ...this.auth(), 'content-type': upload.contentType },
        body: upload.payload,
        expect: [201],
      },
    ];
  }

  masterList(): Call {
    const entity = pick(['road', 'village', 'consultant', 'user', 'subdistrict']);
    const search = Math.random() < 0.3 ? pick(['jaya', 'rayon', 'ke', 'admin']) : '';
    return this.get(
      'master list',
      `/api-web/master/${entity}?${query({ page: search ? 1 : page(), limit: 10, search })}`,
    );
  }

  selectList(): Call {
    const name = pick([
      'district',
      'subdistrict',
      'village',
      'road',
      'consultant',
      'year-proposal',
      'year-completed-work',
      'type-work-color',
      'photo-category',
    ]);
    return this.get('select list', `/api/select-list/${name}?${query({ limit: 15 })}`);
  }

  completedWorks(): Call[] {
    const calls = [
      this.get('completed-work list', `/api-web/completed-work?${query({ page: 1, limit: 10 })}`),
    ];
    if (this.fixtures.importIds.length) {
      const importId = pick(this.fixtures.importIds);
      calls.push(
        this.get(
          'completed-work detail',
          `/api-web/completed-work-detail/${importId}?${query({ page: page(), limit: 10 })}`,
        ),
      );
    }
    return calls;
  }

  /** /maps: both layers in the web's compact form (revalidated with their ETags) and, sometimes, a work's detail. */
  dashboard(): Call[] {
    const calls = [
      this.layer('dashboard proposals', '/api-web/dashboard?format=encoded'),
      this.layer('dashboard completed works', '/api-web/dashboard/completed-work?format=encoded'),
    ];
    if (this.fixtures.workIds.length && Math.random() < 0.3) {
      calls.push(
        this.get(
          'completed-work line',
          `/api-web/completed-work-detail/${pick(this.fixtures.workIds)}/detail`,
        ),
      );
    }
    return calls;
  }

  dashboardSearch(): Call {
    const search = pick(this.fixtures.roadNames)
      .replace(/^Jalan /, '')
      .slice(0, 6);
    return this.get('dashboard search', `/api-web/dashboard/search?${query({ search, limit: 15 })}`);
  }

  processList(): Call {
    const search = Math.random() < 0.2 ? SEARCH_FRAGMENT : '';
    const path = `/api-web/process?${query({
      statusType: pick(['semua', 'perlu_approval', 'belum_survey', 'sudah_survey']),
      proposalType: Math.random() < 0.5 ? pick(PROPOSAL_TYPES) : '',
      page: search ? 1 : page(),
      limit: 10,
      search,
    })}`;
    return this.get('process list', path);
  }

  verificationPage(): Call[] {
    return [
      this.get('verification list', `/api-web/verification?${query({ proposalType: pick(PROPOSAL_TYPES) })}`),
      this.get('need-approval', '/api-web/need-approval'),
    ];
  }

  /** Verifies one of its own unverified proposals (each once); nothing left, the list only. */
  verify(): Call[] {
    const id = this.work?.unverified.pop();
    if (id === undefined) return this.verificationPage();
    return [
      {
        type: 'verify',
        method: 'POST',
        path: '/api-web/verification',
        headers: { ...this.auth(), 'content-type': 'application/json' },
        body: JSON.stringify({ proposalId: [id] }),
        expect: [200],
      },
    ];
  }

  /** Opens the survey draft of a verified proposal and adds a photo to it. */
  surveyPhoto(): Call[] {
    if (!this.work?.verified.length) return [this.get('need-approval', '/api-web/need-approval')];
    const proposalId = pick(this.work.verified);
    const upload = pick(this.uploads.photos);
    return [
      this.get('survey draft', `/api/survey/${proposalId}`),
      {
        type: 'survey photo (upload)',
        method: 'POST',
        path: `/api/survey/${proposalId}/photo`,
        headers: { ...this.auth(), 'content-type': upload.contentType },
        body: upload.payload,
        expect: [201],
      },
    ];
  }
}
