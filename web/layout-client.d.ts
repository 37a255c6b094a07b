// Types for layout-client.js, layoutd's JavaScript client. The request and answer shapes are openapi.yaml's.
//
//   import { LayoutClient, mountLayout, type JustifiedSessionRequest } from './layout-client.js';

// ---------------------------------------------------------------------------------------------------------------
// Geometry
// ---------------------------------------------------------------------------------------------------------------

/** A point, in points: origin top-left, y down. */
export interface Point { x: number; y: number; }
/** A size, in points. */
export interface Size { width: number; height: number; }
/** A rectangle, in points. */
export interface Rect { x: number; y: number; width: number; height: number; }
/** UIKit's edge insets. */
export interface EdgeInsets { top: number; left: number; bottom: number; right: number; }
/** NSDirectionalEdgeInsets: leading and trailing follow the layout direction. */
export interface DirectionalInsets { top?: number; leading?: number; bottom?: number; trailing?: number; }
/** CGAffineTransform's a b c d tx ty, applied about the element's centre. */
export interface AffineTransform { a: number; b: number; c: number; d: number; tx: number; ty: number; }
/** `[section, item]`. */
export type IndexPath = [number, number];
/** `rightToLeft` mirrors every x. */
export type LayoutDirection = 'leftToRight' | 'rightToLeft';
/** Where scrolling comes to rest: `line` is a row's leading edge. */
export type SnapMode = 'none' | 'item' | 'line' | 'page';
/** Every layout kind. */
export type LayoutKind =
    | 'flow' | 'waterfall' | 'line' | 'stack' | 'circle' | 'cover' | 'rotary' | 'pagecover' | 'justified'
    | 'compositional';

// ---------------------------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------------------------

/** One element's layout attributes (UICollectionViewLayoutAttributes). */
export interface Attributes {
    category: 'cell' | 'supplementaryView' | 'decorationView';
    /** representedElementKind: header, footer, background, leadingSupplementary, … (not for cells). */
    kind?: string;
    indexPath: IndexPath;
    /** The untransformed frame. */
    frame: Rect;
    zIndex: number;
    alpha: number;
    hidden: boolean;
    /** Present only when not the identity. */
    transform?: AffineTransform;
    /** CATransform3D's m11…m44 row by row (CSS matrix3d()'s order); present only when not the identity. */
    transform3D?: number[];
}

/** `POST /layout/{kind}`. */
export interface LayoutAnswer { kind: string; contentSize: Size; widowCount?: number; attributes: Attributes[]; }
/** One viewport's layout in a {@link BreakpointsAnswer}: the members of the answer for that viewport alone. */
export interface BreakpointLayout { viewport: Size; contentSize: Size; widowCount?: number; attributes: Attributes[]; }
/** `POST /layout/{kind}` with `viewports`: one layout per requested viewport, in order. */
export interface BreakpointsAnswer { kind: string; layouts: BreakpointLayout[]; }
/** `POST /sessions`, `GET /sessions/{id}`. */
export interface SessionSummary {
    id: string; kind: LayoutKind; version: number; contentSize: Size; widowCount?: number;
    /** The item count of each section. */
    sections: number[];
}
/** `POST /sessions/{id}/query`. */
export interface QueryAnswer { version: number; contentSize: Size; widowCount?: number; attributes: Attributes[]; }
/** `POST /sessions/{id}/snap`. */
export interface SnapAnswer { contentOffset: Point; }
/** `POST /sessions/{id}/scroll-to`: the content offset to scroll to. */
export interface ScrollToAnswer {
    contentOffset: Point;
    /** For a cell of an orthogonally scrolling compositional section: that section's offset which shows it. */
    orthogonalOffset?: number;
}
/** `POST /sessions/{id}/invalidate`. */
export interface InvalidateAnswer {
    version: number; contentSize: Size; contentSizeAdjustment: Size;
    /** Add it to the content offset to keep the visible content still. */
    contentOffsetAdjustment: Point;
    before?: Attributes[]; after?: Attributes[];
}
/** A moved item. */
export interface Move { from: IndexPath; to: IndexPath; }
/** `POST /sessions/{id}/updates`. */
export interface UpdatesAnswer {
    version: number; contentSize: Size; contentSizeAdjustment: Size; moved: Move[];
    /** The offset that keeps the anchor cell still, and how far that is from the request's `contentOffset`. */
    contentOffset: Point; contentOffsetAdjustment: Point;
    /**
     * Where moved elements animate from: each moved item, then every element of each moved section, with its
     * attributes before the batch under its index path after it; badges move with their items. compositional's
     * layout-wide header and footer come first and last when the batch moves them.
     */
    movedFrom: Attributes[];
    /** Where inserted elements animate from. */
    appearing: Attributes[];
    /** Where deleted elements animate to. */
    disappearing: Attributes[];
    attributes?: Attributes[];
}
/** `POST /sessions/{id}/transition`. */
export interface TransitionAnswer {
    version: number; progress: number; contentSize: Size; attributes: Attributes[];
    /** With `commit: true`: the offset that keeps the anchor cell still in the new layout, and the change. */
    contentOffset?: Point; contentOffsetAdjustment?: Point;
}
/** `POST /sessions/{id}/move`. */
export interface MoveAnswer {
    version: number; item: Attributes; targetIndexPath: IndexPath; attributes?: Attributes[];
}
/** `POST /sessions/{id}/move/end`. */
export interface MoveEndAnswer { version: number; contentSize: Size; moved: Move[]; attributes?: Attributes[]; }
/** `GET /kinds`. */
export interface KindList {
    kinds: {
        name: string; summary: string;
        parameters: { name: string; type: string; default?: unknown; perSection?: boolean; description: string }[];
    }[];
}
/** An RFC 9457 problem, as layoutd sends it. */
export interface Problem {
    type?: string; title?: string; status?: number; detail?: string; pointer?: string; offset?: number;
    kinds?: string[];
}

// ---------------------------------------------------------------------------------------------------------------
// Requests, kind by kind
// ---------------------------------------------------------------------------------------------------------------

/** What every layout request has; `sections` and `config` are the kind's. */
interface RequestBase<Section, Config> {
    /** The collection view's bounds size. */
    viewport: Size;
    /** Only in a {@link BreakpointsRequest}, instead of `viewport`. */
    viewports?: never;
    contentOffset?: Point;
    layoutDirection?: LayoutDirection;
    /** What bars and notches cover (UIKit's `safeAreaInsets`); default zero. */
    safeAreaInsets?: EdgeInsets;
    /** UIKit's `layoutMargins`, inside the safe area; default 8 on every edge. */
    layoutMargins?: EdgeInsets;
    /** The readable content guide's width, centred; default the width inside the layout margins. */
    readableContentWidth?: number;
    /** Only the elements intersecting it (stateless requests only). */
    rect?: Rect;
    config?: Config;
    sections: Section[];
}

/** A section of items of the kind's default size (`count`) or of given sizes (`items`), not both. */
export interface SimpleSection { count?: number; items?: Size[]; }
/** A section with optional header and footer sizes. */
export interface SectionWithSupplementaries<Config = never> extends SimpleSection {
    header?: Size; footer?: Size;
    config?: Config;
}

export interface FlowSectionConfig {
    itemSize?: Size; sectionInset?: EdgeInsets; minimumLineSpacing?: number; minimumInteritemSpacing?: number;
    headerReferenceSize?: Size; footerReferenceSize?: Size;
    horizontalAlignment?: 'justified' | 'left' | 'right' | 'center' | 'leading' | 'trailing';
    verticalAlignment?: 'center' | 'top' | 'bottom';
}
/** Which visible cell a mutation keeps still: the first (`top`, the default) or the last, following appended ones
 * when the viewport was at the end (`bottom`, a chat). */
export type Anchoring = 'top' | 'bottom';
/** Where content shorter than the viewport sits: `bottom` fills the viewport from its end (a chat). */
export type ContentAlignment = 'top' | 'bottom';
export interface FlowConfig extends FlowSectionConfig {
    snap?: SnapMode; flickVelocityThreshold?: number; scrollDirection?: 'vertical' | 'horizontal';
    sectionHeadersPinToVisibleBounds?: boolean; sectionFootersPinToVisibleBounds?: boolean;
    sectionBackground?: EdgeInsets; anchor?: Anchoring; contentAlignment?: ContentAlignment;
    /** Self-sizing cells: items without a size are laid out at this estimate until `invalidate` measures them. */
    estimatedItemSize?: Size;
    /** What section insets are measured from across the scroll axis. */
    sectionInsetReference?: 'contentInset' | 'safeArea' | 'layoutMargins';
}
export type FlowSection = SectionWithSupplementaries<FlowSectionConfig>;
export type FlowRequest = RequestBase<FlowSection, FlowConfig>;

export interface WaterfallSectionConfig {
    columnCount?: number; columnSpacing?: number; rowSpacing?: number; sectionInset?: EdgeInsets;
    /** As many columns of at least this width as fit (masonic's rule); wins over `columnCount`. */
    minColumnWidth?: number; maxColumnCount?: number; maxColumnWidth?: number;
    /** CHTCollectionViewWaterfallLayout's insets around headers and footers. */
    headerInset?: EdgeInsets; footerInset?: EdgeInsets;
    itemRenderDirection?: 'shortestFirst' | 'leftToRight' | 'rightToLeft'; headerHeight?: number; footerHeight?: number;
}
export interface WaterfallConfig extends WaterfallSectionConfig {
    snap?: SnapMode; flickVelocityThreshold?: number; sectionBackground?: EdgeInsets;
    anchor?: Anchoring; contentAlignment?: ContentAlignment;
    /** The least content height (CHT's `minimumContentHeight`). */
    minimumContentHeight?: number;
    /** `horizontal` lays rows instead of columns, every rule transposed. */
    scrollDirection?: 'vertical' | 'horizontal';
}
/** A waterfall item: `{width, height}` is an aspect ratio, `{height}` alone exactly that tall at the column's width
 * (`{width}` alone, horizontally, that wide); `columnSpan` takes that many adjacent columns (or all, `"full"`). */
export type WaterfallItem =
    | { width?: number; height: number; columnSpan?: number | 'full' }
    | { width: number; height?: number; columnSpan?: number | 'full' };
/** Item sizes are aspect ratios, or exact heights (`WaterfallItem`). */
export interface WaterfallSection extends Omit<SectionWithSupplementaries<WaterfallSectionConfig>, 'items'> {
    items?: WaterfallItem[];
}
export type WaterfallRequest = RequestBase<WaterfallSection, WaterfallConfig>;

export interface LineConfig {
    itemSize?: Size; minimumLineSpacing?: number; activeDistance?: number; scaleFactor?: number;
    flickVelocityThreshold?: number;
}
export type LineRequest = RequestBase<SimpleSection, LineConfig>;

export interface StackConfig { itemSize?: Size; /** Radians; its length is how many items show. */ angles?: number[]; }
export type StackRequest = RequestBase<SimpleSection, StackConfig>;

export interface CircleConfig { itemSize?: Size; radius?: number; }
export type CircleRequest = RequestBase<SimpleSection, CircleConfig>;

export interface CoverConfig {
    itemSize?: Size; minimumLineSpacing?: number; sectionInset?: EdgeInsets;
    scrollDirection?: 'vertical' | 'horizontal';
    shrink?: number; dim?: number; flickVelocityThreshold?: number;
}
export type CoverRequest = RequestBase<SimpleSection, CoverConfig>;

export interface RotaryConfig {
    itemSize?: Size; minimumLineSpacing?: number; scaleFalloff?: number; maxAngle?: number; perspective?: number;
    alphaFalloff?: number; flickVelocityThreshold?: number;
}
export type RotaryRequest = RequestBase<SimpleSection, RotaryConfig>;

export interface PagecoverConfig { flickVelocityThreshold?: number; }
export type PagecoverRequest = RequestBase<SimpleSection, PagecoverConfig>;

/** flickr/justified-layout's options, less containerWidth (the viewport's width). */
export interface JustifiedConfig {
    containerPadding?: number | EdgeInsets;
    boxSpacing?: number | { horizontal: number; vertical: number };
    targetRowHeight?: number; targetRowHeightTolerance?: number; maxNumRows?: number;
    forceAspectRatio?: false | number; showWidows?: boolean; fullWidthBreakoutRowCadence?: false | number;
    widowLayoutStyle?: 'left' | 'justify' | 'center'; snap?: SnapMode; flickVelocityThreshold?: number;
}
/** `count` squares or `items` (aspect ratios, e.g. a photo's pixel size); a header or footer spans the width. */
export interface JustifiedSection { count?: number; items?: Size[]; header?: Size; footer?: Size; }
export type JustifiedRequest = RequestBase<JustifiedSection, JustifiedConfig>;

/** NSCollectionLayoutDimension: exactly one of these. */
export type CompositionalDimension =
    | { fractionalWidth: number } | { fractionalHeight: number } | { absolute: number } | { estimated: number };
export interface CompositionalSize { width?: CompositionalDimension; height?: CompositionalDimension; }
/** NSCollectionLayoutSpacing: exactly one of these. */
export type CompositionalSpacing = { fixed: number } | { flexible: number };
/** A group (with `layout`) or an item (without). */
export interface CompositionalElement {
    layout?: 'horizontal' | 'vertical' | 'custom';
    size?: CompositionalSize;
    contentInsets?: DirectionalInsets;
    edgeSpacing?: {
        leading?: CompositionalSpacing; top?: CompositionalSpacing; trailing?: CompositionalSpacing;
        bottom?: CompositionalSpacing;
    };
    subitems?: CompositionalElement[];
    count?: number;
    interItemSpacing?: CompositionalSpacing;
    /** A custom group's cells, relative to the group's origin. */
    frames?: Rect[];
    /** Views anchored to each cell of this item, or to each repetition of this group (nested ones too). */
    supplementaryItems?: CompositionalSupplementaryItem[];
}
/** NSCollectionLayoutAnchor: the named edges lie on the container's, then the offset moves it. */
export interface CompositionalAnchor {
    edges?: ('top' | 'bottom' | 'leading' | 'trailing')[];
    /** In units of the supplementary's own size. */
    fractionalOffset?: Point;
    absoluteOffset?: Point;
}
/** NSCollectionLayoutSupplementaryItem: a badge on a cell, a frame around a group. */
export interface CompositionalSupplementaryItem {
    /** Your own element kind, 1–24 of A-Z a-z 0-9 _ - . (not a built-in kind). */
    kind: string;
    size: CompositionalSize;
    anchor?: CompositionalAnchor;
    /** The supplementary's own point (its edges, its offset) put on `anchor`'s point of the container. */
    itemAnchor?: CompositionalAnchor;
    /** Defaults to 1. */
    zIndex?: number;
}
export interface BoundarySupplementaryItem {
    kind?:
        | 'header' | 'footer' | 'leadingSupplementary' | 'trailingSupplementary' | 'topSupplementary'
        | 'bottomSupplementary';
    alignment?: 'top' | 'bottom' | 'leading' | 'trailing';
    size?: CompositionalSize;
    pinToVisibleBounds?: boolean;
    extendsBoundary?: boolean;
    zIndex?: number;
    /** Moves it from where its alignment puts it; its room stays. */
    absoluteOffset?: Point;
}
/** UIContentInsetsReference: what a section's insets are measured from across the scroll axis. */
export type ContentInsetsReference = 'automatic' | 'none' | 'safeArea' | 'layoutMargins' | 'readableContent';
/** NSCollectionLayoutSection. */
export interface CompositionalSectionDescription {
    group?: CompositionalElement;
    contentInsets?: DirectionalInsets;
    interGroupSpacing?: number;
    orthogonalScrollingBehavior?:
        | 'none' | 'continuous' | 'continuousGroupLeadingBoundary' | 'paging' | 'groupPaging' | 'groupPagingCentered';
    boundarySupplementaryItems?: BoundarySupplementaryItem[];
    /** Each its own kind: 'background' or a name of your own ('cardBackground'), at most one of each. */
    decorationItems?: { kind: 'background' | (string & {}); contentInsets?: DirectionalInsets; zIndex?: number }[];
    /** visibleItemsInvalidationHandler, declared: each property is center + (edge − center)·t. */
    visibleItemsEffect?: {
        scale?: { center: number; edge: number }; alpha?: { center: number; edge: number };
        rotation?: { center: number; edge: number }; distance?: number;
    };
    contentInsetsReference?: ContentInsetsReference;
    supplementaryContentInsetsReference?: ContentInsetsReference;
    /** UICollectionLayoutListConfiguration: a list section (no `group` with it). */
    list?: CompositionalListConfiguration;
}
/** UICollectionLayoutListConfiguration: full-width rows of estimated height, header and footer. */
export interface CompositionalListConfiguration {
    appearance: 'plain' | 'grouped' | 'insetGrouped' | 'sidebar' | 'sidebarPlain';
    headerMode?: 'none' | 'supplementary' | 'firstItemInSection';
    footerMode?: 'none' | 'supplementary';
    /** Defaults to 44. */
    estimatedRowHeight?: number;
    showsSeparators?: boolean;
    /** Room above each supplementary header; defaults to 0 here (UIKit: automatic). */
    headerTopPadding?: number;
}
export interface CompositionalSection {
    count?: number; items?: Size[]; header?: Size; footer?: Size;
    config?: { section?: CompositionalSectionDescription };
}
export interface CompositionalConfig {
    section?: CompositionalSectionDescription; interSectionSpacing?: number;
    scrollDirection?: 'vertical' | 'horizontal';
    flickVelocityThreshold?: number; anchor?: Anchoring; contentAlignment?: ContentAlignment;
    /** The whole layout's header and footer (a kind of your own, at [0, 0]), aligned along the scroll axis. */
    boundarySupplementaryItems?: CompositionalLayoutBoundaryItem[];
}
/** UICollectionViewCompositionalLayoutConfiguration.boundarySupplementaryItems' element. */
export interface CompositionalLayoutBoundaryItem {
    kind: string; alignment: 'top' | 'bottom' | 'leading' | 'trailing'; size: CompositionalSize;
    pinToVisibleBounds?: boolean; extendsBoundary?: boolean; zIndex?: number; absoluteOffset?: Point;
}
export interface CompositionalRequest extends RequestBase<CompositionalSection, CompositionalConfig> {
    /** How far each orthogonally scrolling section has scrolled, by section index. */
    orthogonalOffsets?: number[];
}

/** Each kind's request, by kind. */
export interface RequestsByKind {
    flow: FlowRequest; waterfall: WaterfallRequest; line: LineRequest; stack: StackRequest; circle: CircleRequest;
    cover: CoverRequest; rotary: RotaryRequest; pagecover: PagecoverRequest; justified: JustifiedRequest;
    compositional: CompositionalRequest;
}
/** Each kind's config, by kind. */
export type ConfigsByKind = { [K in LayoutKind]: NonNullable<RequestsByKind[K]['config']> };
/** A stateless layout request of some kind. */
export type LayoutRequest = RequestsByKind[LayoutKind];
/**
 * A stateless request laid out for several viewports at once (breakpoints, read once): `viewports` (1 to 16 sizes)
 * instead of `viewport`; answered by a {@link BreakpointsAnswer}.
 */
export type BreakpointsRequest<R extends LayoutRequest = LayoutRequest> =
    Omit<R, 'viewport' | 'viewports'> & { viewports: Size[]; viewport?: never };
/** `POST /sessions`: a layout request (without `rect`) plus its kind, which decides how `config` is read. */
export type SessionRequestOf<K extends LayoutKind> =
    Omit<RequestsByKind[K], 'rect' | 'orthogonalOffsets' | 'viewports'> & { kind: K };
export type FlowSessionRequest = SessionRequestOf<'flow'>;
export type WaterfallSessionRequest = SessionRequestOf<'waterfall'>;
export type LineSessionRequest = SessionRequestOf<'line'>;
export type StackSessionRequest = SessionRequestOf<'stack'>;
export type CircleSessionRequest = SessionRequestOf<'circle'>;
export type CoverSessionRequest = SessionRequestOf<'cover'>;
export type RotarySessionRequest = SessionRequestOf<'rotary'>;
export type PagecoverSessionRequest = SessionRequestOf<'pagecover'>;
export type JustifiedSessionRequest = SessionRequestOf<'justified'>;
export type CompositionalSessionRequest = SessionRequestOf<'compositional'>;
export type SessionRequest = { [K in LayoutKind]: SessionRequestOf<K> }[LayoutKind];

export interface QueryRequest { rect: Rect; contentOffset?: Point; orthogonalOffsets?: number[]; }
export interface SnapRequest {
    proposedContentOffset: Point;
    /** Points per second. */
    velocity?: Point;
    /** compositional: snap this orthogonal section instead. */
    section?: number;
    /** compositional, with `section`: the section's offset when the gesture began. */
    startOffset?: number;
}
/** `POST /sessions/{id}/scroll-to` (UIKit's `scrollToItem(at:at:animated:)`). */
export interface ScrollToRequest {
    indexPath: IndexPath;
    /** A supplementary or decoration view's kind; without it, the cell at `indexPath`. */
    kind?: SupplementaryKind;
    /** One name, or at most one per axis (`['top', 'left']`); `nearest` applies to each axis no other name chose. */
    position: ScrollPosition | [ScrollPosition] | [ScrollPosition, ScrollPosition];
    /** The inset around the visible area (UIKit's adjusted content inset); zero by default. */
    contentInset?: EdgeInsets;
    /** The offset now; the session's by default. */
    contentOffset?: Point;
    /** compositional: how far each orthogonal section has scrolled now, by section index. */
    orthogonalOffsets?: number[];
}
/** The kinds of supplementary and decoration views. */
export type SupplementaryKind =
    | 'header' | 'footer' | 'background' | 'leadingSupplementary' | 'trailingSupplementary' | 'topSupplementary'
    | 'bottomSupplementary';
export interface SizedIndexPath { indexPath: IndexPath; size?: Size | WaterfallItem; }
export interface InvalidateRequest {
    items?: { indexPath: IndexPath; size: Size | WaterfallItem }[];
    supplementaries?: {
        /** A boundary or side kind, or (compositional) an anchored supplementary's own kind (a badge). */
        kind: 'header' | 'footer' | 'leadingSupplementary' | 'trailingSupplementary' | 'topSupplementary'
            | 'bottomSupplementary' | string;
        indexPath: IndexPath; size: Size;
    }[];
    viewport?: Size;
    everything?: boolean;
    contentOffset?: Point;
    rect?: Rect;
}
/** A batch of updates, with UIKit's rules. */
export interface UpdatesBatch {
    deleteSections?: number[];
    insertSections?: { index: number; section: object }[];
    deleteItems?: IndexPath[];
    insertItems?: SizedIndexPath[];
    reloadItems?: SizedIndexPath[];
    moveItems?: Move[];
    /** Sections to move, `[from, to]` (old index, new index); every element of the section moves with it. */
    moveSections?: [number, number][];
    /** The data source's item count per section after the batch; checked when given. */
    expectedItemCounts?: number[];
}
export interface UpdatesRequest extends UpdatesBatch { rect?: Rect; contentOffset?: Point; }
/** The kind to transition to, and its config. */
export type TransitionTarget = { [K in LayoutKind]: { kind: K; config?: ConfigsByKind[K] } }[LayoutKind];
export interface TransitionRequest {
    to: TransitionTarget; progress: number; rect?: Rect; contentOffset?: Point; commit?: boolean;
}
export interface MoveRequest { indexPath: IndexPath; position: Point; rect?: Rect; contentOffset?: Point; }
export interface MoveEndRequest { indexPath: IndexPath; targetIndexPath: IndexPath; rect?: Rect; }

// ---------------------------------------------------------------------------------------------------------------
// The client
// ---------------------------------------------------------------------------------------------------------------

/** Every call takes an AbortSignal; a cancelled call rejects with the signal's reason. */
export interface CallOptions { signal?: AbortSignal; }
/**
 * Mutations may name the versions they accept, sent as `If-Match` with strong entity tags (`"3"`, or `"2", "3"` for
 * a list; layoutd compares strongly, so the client never sends a weak `W/"3"`); `'*'` accepts any version. Another
 * version answers 412 `/problems/version-mismatch`. Anything else is a TypeError before a request is sent.
 */
export interface MutationOptions extends CallOptions {
    ifMatch?: number | readonly number[] | '*';
    /**
     * Sent as `Idempotency-Key`: 1 to 255 visible ASCII characters but `"`. With a session store (`--session-store`),
     * the same mutation sent again with the same key is answered as its first try was, not applied twice.
     */
    idempotencyKey?: string;
}

/**
 * A problem+json answer, thrown on a 4xx or 5xx; a request that got no answer is one too, with status 0 and type
 * `/problems/network` (its `cause` is what fetch threw).
 */
export class LayoutError extends Error {
    constructor(status: number, problem: Problem);
    readonly name: 'LayoutError';
    /** The HTTP status; 0 for a network failure. */
    status: number;
    /** e.g. `/problems/invalid-field`, `/problems/session-gone`, `/problems/network`. */
    type: string;
    title: string;
    detail: string;
    /** The RFC 6901 pointer to the offending field, for input errors. */
    pointer: string | undefined;
    problem: Problem;
    cause?: unknown;
}

export interface LayoutClientOptions {
    /** The server's origin; defaults to the page's own (''). */
    baseURL?: string;
    /** Sent as `Authorization: Bearer <token>`. */
    token?: string;
    /** Replaces the global fetch. */
    fetch?: typeof fetch;
}

/** A client for one layoutd server: one method per route. */
export class LayoutClient {
    constructor(options?: LayoutClientOptions);
    readonly baseURL: string;
    readonly token: string | undefined;
    fetch: typeof fetch;
    /** Requests sent. */
    requests: number;
    /** Answer bytes received. */
    bytesReceived: number;
    request(method: string, path: string, body?: object, options?: MutationOptions): Promise<any>;
    layout<K extends LayoutKind>(kind: K, request: RequestsByKind[K], options?: CallOptions): Promise<LayoutAnswer>;
    /** With `viewports` instead of `viewport`: one layout per viewport, in order. */
    layout<K extends LayoutKind>(
        kind: K, request: BreakpointsRequest<RequestsByKind[K]>, options?: CallOptions,
    ): Promise<BreakpointsAnswer>;
    kinds(options?: CallOptions): Promise<KindList>;
    createSession(request: SessionRequest, options?: CallOptions): Promise<SessionSummary>;
    getSession(id: string, options?: CallOptions): Promise<SessionSummary>;
    deleteSession(id: string, options?: CallOptions): Promise<null>;
    query(id: string, body: QueryRequest, options?: CallOptions): Promise<QueryAnswer>;
    item(id: string, section: number, item: number, options?: CallOptions): Promise<Attributes>;
    supplementary(id: string, kind: string, section: number, item: number, options?: CallOptions): Promise<Attributes>;
    snap(id: string, body: SnapRequest, options?: CallOptions): Promise<SnapAnswer>;
    scrollTo(id: string, body: ScrollToRequest, options?: CallOptions): Promise<ScrollToAnswer>;
    invalidate(id: string, body: InvalidateRequest, options?: MutationOptions): Promise<InvalidateAnswer>;
    update(id: string, body: UpdatesRequest, options?: MutationOptions): Promise<UpdatesAnswer>;
    transition(id: string, body: TransitionRequest, options?: MutationOptions): Promise<TransitionAnswer>;
    move(id: string, body: MoveRequest, options?: CallOptions): Promise<MoveAnswer>;
    endMove(id: string, body: MoveEndRequest, options?: MutationOptions): Promise<MoveEndAnswer>;
}

/**
 * A session that outlives its server: on `/problems/session-gone` it is created again from the kept request and
 * mutations, and the call is retried once.
 */
export class LayoutSession {
    constructor(client: LayoutClient, request: SessionRequest);
    static open(client: LayoutClient, request: SessionRequest, options?: CallOptions): Promise<LayoutSession>;
    readonly client: LayoutClient;
    request: SessionRequest;
    /** The current id; it changes when the session is created again. */
    id: string | null;
    version: number;
    summary: SessionSummary | null;
    mutations: { method: string; args: unknown[] }[];
    /** How many times the session was created again. */
    recreations: number;
    /** Whether close() was called: a closed session is not created again. */
    closed: boolean;
    create(options?: CallOptions): Promise<void>;
    rebase(request: SessionRequest): void;
    call(method: string, args: unknown[], mutates?: boolean): Promise<any>;
    query(body: QueryRequest, options?: CallOptions): Promise<QueryAnswer>;
    snap(body: SnapRequest, options?: CallOptions): Promise<SnapAnswer>;
    scrollTo(body: ScrollToRequest, options?: CallOptions): Promise<ScrollToAnswer>;
    invalidate(body: InvalidateRequest, options?: MutationOptions): Promise<InvalidateAnswer>;
    update(body: UpdatesRequest, options?: MutationOptions): Promise<UpdatesAnswer>;
    transition(body: TransitionRequest, options?: MutationOptions): Promise<TransitionAnswer>;
    move(body: MoveRequest, options?: CallOptions): Promise<MoveAnswer>;
    endMove(body: MoveEndRequest, options?: MutationOptions): Promise<MoveEndAnswer>;
    item(section: number, item: number, options?: CallOptions): Promise<Attributes>;
    supplementary(kind: string, section: number, item: number, options?: CallOptions): Promise<Attributes>;
    get(options?: CallOptions): Promise<SessionSummary>;
    close(options?: CallOptions): Promise<void>;
}

// ---------------------------------------------------------------------------------------------------------------
// mountLayout
// ---------------------------------------------------------------------------------------------------------------

/** UIKit's UICollectionViewScrollPosition values (`nearest`: the least scrolling that shows the item whole). */
export type ScrollPosition =
    | 'top' | 'centeredVertically' | 'bottom' | 'left' | 'centeredHorizontally' | 'right' | 'nearest';

/** The options of {@link mountLayout} for one kind. */
export interface LayoutViewOptionsOf<K extends LayoutKind> {
    kind: K;
    /** The session body: `sections`, `config`; `viewport` defaults to the container's client size. */
    request: Omit<SessionRequestOf<K>, 'kind' | 'viewport'> & { viewport?: Size };
    /** A client; or `baseURL` and `token` to make one. */
    client?: LayoutClient;
    baseURL?: string;
    token?: string;
    /** The sized inner element; by default a `div.layout-content` appended to the container. */
    content?: HTMLElement;
    /** Viewports of attributes held on every side of the viewport. Defaults to 1.5 (at least 1). */
    overscan?: number;
    /** Points rendered beyond the viewport on every side. Defaults to 96. */
    renderMargin?: number;
    /** Makes a node for an element; by default a div. The view sets its `data-key`. */
    createElement?(attributes: Attributes): HTMLElement;
    /**
     * Fills a node for an element, called when it is created and whenever its attributes change (nodes are kept by
     * key). The view then applies the attributes (position, frame, transform, alpha, zIndex, hidden).
     */
    render?(element: HTMLElement, attributes: Attributes): void;
    /** Measure rendered cells along the scroll axis (ResizeObserver) and send their sizes through `invalidate`. */
    measure?: boolean;
    /** Whether attributes follow the content offset; detected from the kind and config by default. */
    scrollDependent?: boolean;
    /** Whether to ask the session's snap when scrolling ends; by default for the kinds and configs that snap. */
    snap?: boolean;
    /** Milliseconds of update animations; 0 turns them off. Defaults to 300. */
    animationDuration?: number;
    /** Called with failures of work the view does on its own (queries, resizes, measuring, snapping). */
    onError?(error: unknown): void;
}
export type LayoutViewOptions = { [K in LayoutKind]: LayoutViewOptionsOf<K> }[LayoutKind];

/** Counters of the view's own work. */
export interface LayoutViewStats { queries: number; aborted: number; frames: number; }

/** A session bound to a scrolling element. */
export class LayoutView {
    constructor(container: HTMLElement, options: LayoutViewOptions);
    /** Resolves once the session exists and the first frame is drawn. */
    readonly ready: Promise<LayoutView>;
    readonly container: HTMLElement;
    readonly content: HTMLElement;
    readonly client: LayoutClient;
    readonly session: LayoutSession | null;
    readonly kind: LayoutKind;
    readonly sessionId: string | null;
    readonly version: number;
    readonly contentSize: Size;
    /** The viewport the session was last told. */
    readonly viewport: Size;
    /** Item counts by section. */
    readonly sectionCounts: number[] | undefined;
    /** The rendered nodes by element key. */
    readonly elements: Map<string, HTMLElement>;
    /** The attributes on screen (TanStack's getVirtualItems). */
    readonly attributes: Attributes[];
    /** The rect the DOM shows: the viewport and a margin. */
    readonly renderedRect: Rect;
    /** The content offset the shown attributes were computed for. */
    readonly renderedOffset: Point;
    readonly orthogonalOffsets: number[];
    /** The smoothed query round trip, in milliseconds. */
    readonly latency: number;
    readonly stats: LayoutViewStats;
    /** Whether nothing is on its way and the DOM shows the current position. */
    readonly idle: boolean;
    visibleRect(): Rect;
    /**
     * Asks the session's `scroll-to` for the offset that shows the element (the cell, or `kind`'s supplementary),
     * fetches the window there unless held, then scrolls; resolves to the offset.
     */
    scrollToItem(
        indexPath: IndexPath,
        options?: {
            position?: ScrollPosition | [ScrollPosition] | [ScrollPosition, ScrollPosition]; animated?: boolean;
            kind?: SupplementaryKind; signal?: AbortSignal;
        },
    ): Promise<Point>;
    update(batch: UpdatesBatch, options?: { animated?: boolean; signal?: AbortSignal }): Promise<UpdatesAnswer>;
    transition(to: TransitionTarget, options?: { duration?: number; signal?: AbortSignal }): Promise<void>;
    invalidate(body: Omit<InvalidateRequest, 'contentOffset'>, options?: CallOptions): Promise<InvalidateAnswer>;
    snap(options?: { velocity?: Point; signal?: AbortSignal }): Promise<Point>;
    setOrthogonalOffset(section: number, offset: number): void;
    refresh(options?: CallOptions): Promise<void>;
    destroy(options?: { keepSession?: boolean }): Promise<void>;
}

/** Binds a layout session to a scroll container; see docs/frontend.md. */
export function mountLayout(container: HTMLElement, options: LayoutViewOptions): LayoutView;

/** The CSS transform for an element: matrix(), matrix3d() or 'none'. */
export function cssTransform(attributes: Attributes): string;
/** A stable key for an element: `cell/0/3`, `supplementaryView/header/1/0`. */
export function elementKey(attributes: Attributes): string;
/** The `If-Match` value for versions (`"3"`, `"2", "3"`) or `*`; a TypeError for anything else. */
export function ifMatchHeader(ifMatch: number | readonly number[] | '*'): string;
/** The `Idempotency-Key` value of a mutation, checked: a TypeError for anything but 1 to 255 visible ASCII but `"`. */
export function idempotencyKeyHeader(key: string): string;
/** Positions an absolutely positioned element from its attributes. */
export function applyAttributes(element: HTMLElement, attributes: Attributes): void;
/** Whether a kind's attributes follow the content offset (cards, strips, pinned headers). */
export function isScrollDependent(kind: string, config?: unknown, sections?: unknown[]): boolean;
/** Whether the view snaps at scroll end for this kind and config. */
export function snapsAtScrollEnd(kind: string, config?: unknown): boolean;
/** Where a section that survives a batch goes (UIKit's rule, `moveSections` included); null for a deleted one. */
export function sectionMapping(batch: UpdatesBatch): (section: number) => number | null;
/** Where an item that survives a batch goes (UIKit's rule); null for a deleted or moved-away item. */
export function indexPathMapping(batch: UpdatesBatch): (indexPath: IndexPath) => IndexPath | null;
