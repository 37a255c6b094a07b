// A typed use of layout-client.js, checked by `tsc -p Tests/Client` (scripts/test): every export, every kind's
// request and config. Lines marked @ts-expect-error must stay errors: the types refuse what the server refuses.
import {
    LayoutClient, LayoutError, LayoutSession, LayoutView, applyAttributes, cssTransform, elementKey, indexPathMapping,
    isScrollDependent, mountLayout, snapsAtScrollEnd,
    ifMatchHeader, idempotencyKeyHeader,
    type Attributes, type BreakpointsAnswer, type CompositionalSessionRequest, type FlowRequest, type IndexPath, type JustifiedConfig,
    type LayoutKind, type QueryAnswer, type SessionRequest, type SessionSummary, type UpdatesAnswer,
} from '../../web/layout-client.js';

const client = new LayoutClient({ baseURL: 'http://127.0.0.1:8080', token: 'secret' });
const viewport = { width: 1280, height: 800 };

async function everyKind(signal: AbortSignal): Promise<number> {
    const flow: FlowRequest = {
        viewport, sections: [{ count: 10, header: { width: 0, height: 40 }, config: { itemSize: { width: 80, height: 80 } } }],
        config: { minimumLineSpacing: 8, sectionHeadersPinToVisibleBounds: true, horizontalAlignment: 'left', snap: 'line' },
    };
    const answers = await Promise.all([
        client.layout('flow', flow, { signal }),
        client.layout('waterfall', { viewport, sections: [{ items: [{ width: 3, height: 2 }] }], config: { columnCount: 4, itemRenderDirection: 'shortestFirst' } }),
        client.layout('line', { viewport, sections: [{ count: 5 }], config: { activeDistance: 200, scaleFactor: 0.5 } }),
        client.layout('stack', { viewport, sections: [{ count: 5 }], config: { angles: [0, 0.1] } }),
        client.layout('circle', { viewport, sections: [{ count: 5 }], config: { radius: 120 } }),
        client.layout('cover', { viewport, sections: [{ count: 5 }], config: { shrink: 0.1, dim: 0.4 } }),
        client.layout('rotary', { viewport, sections: [{ count: 5 }], config: { perspective: 500, maxAngle: 0.7 } }),
        client.layout('pagecover', { viewport, sections: [{ count: 5 }], config: { flickVelocityThreshold: 300 } }),
        client.layout('justified', { viewport, sections: [{ items: [{ width: 4, height: 3 }] }], config: { boxSpacing: { horizontal: 4, vertical: 6 }, forceAspectRatio: false } }),
        client.layout('compositional', {
            viewport, orthogonalOffsets: [0],
            sections: [{ count: 4, config: { section: { group: { layout: 'horizontal', size: { width: { fractionalWidth: 1 }, height: { absolute: 44 } }, subitems: [{ size: { width: { fractionalWidth: 0.5 } } }] }, orthogonalScrollingBehavior: 'paging' } } }],
        }),
    ]);
    // @ts-expect-error a waterfall has no itemSize
    await client.layout('waterfall', { viewport, sections: [], config: { itemSize: { width: 1, height: 1 } } });
    // @ts-expect-error the viewport is required
    await client.layout('flow', { sections: [] });
    const breakpoints: BreakpointsAnswer = await client.layout('justified', {
        viewports: [{ width: 390, height: 844 }, viewport], sections: [{ count: 30 }], config: { targetRowHeight: 180 },
    }, { signal });
    const widths: number[] = breakpoints.layouts.map((layout) => layout.viewport.width + layout.contentSize.height);
    // @ts-expect-error viewport or viewports, not both
    await client.layout('flow', { viewport, viewports: [viewport], sections: [] });
    // @ts-expect-error a breakpoints answer has no top-level attributes
    (await client.layout('flow', { viewports: [viewport], sections: [] })).attributes;
    const justified: JustifiedConfig = { targetRowHeight: 220, widowLayoutStyle: 'justify' };
    // @ts-expect-error not one of the widow styles
    const wrong: JustifiedConfig = { widowLayoutStyle: 'right' };
    void wrong;
    return answers.reduce((sum, answer) => sum + answer.attributes.length, justified.targetRowHeight ?? widths[0]);
}

async function sessions(): Promise<void> {
    const request: CompositionalSessionRequest = {
        kind: 'compositional', viewport,
        sections: [{ count: 100, config: { section: { boundarySupplementaryItems: [{ kind: 'header', pinToVisibleBounds: true, size: { height: { absolute: 40 } } }] } } }],
    };
    const any: SessionRequest = request;
    const summary: SessionSummary = await client.createSession(any);
    const session = await LayoutSession.open(client, { kind: 'flow', viewport, sections: [{ count: 1000 }] });
    const controller = new AbortController();
    const answer: QueryAnswer = await session.query({ rect: { x: 0, y: 0, width: 100, height: 100 } }, { signal: controller.signal });
    const first: Attributes | undefined = answer.attributes[0];
    const updates: UpdatesAnswer = await session.update({ deleteItems: [[0, 1]], insertItems: [{ indexPath: [0, 0] }] }, { ifMatch: session.version });
    await session.invalidate({ viewport: { width: 320, height: 640 } }, { ifMatch: [updates.version - 1, updates.version] });
    await session.invalidate({ everything: true }, { ifMatch: '*' });
    // @ts-expect-error a weak entity tag never matches: the client sends only strong ones
    await session.invalidate({ everything: true }, { ifMatch: 'W/"3"' });
    const header: string = ifMatchHeader([2, 3]);
    await session.invalidate({ everything: true }, { idempotencyKey: idempotencyKeyHeader(crypto.randomUUID()) });
    // @ts-expect-error a key is a string
    await session.invalidate({ everything: true }, { idempotencyKey: 7 });
    const shown = await session.scrollTo({ indexPath: [0, 40], position: ['top', 'left'], contentInset: { top: 44, left: 0, bottom: 0, right: 0 } });
    await client.scrollTo(summary.id, { indexPath: [0, 0], kind: 'header', position: 'nearest', contentOffset: { x: 0, y: 0 } });
    // @ts-expect-error not a UIKit scroll position
    await session.scrollTo({ indexPath: [0, 1], position: 'middle' });
    await session.transition({ to: { kind: 'waterfall', config: { columnCount: 2 } }, progress: 1, commit: true });
    // @ts-expect-error a flow config is not a circle's
    await session.transition({ to: { kind: 'circle', config: { columnCount: 2 } }, progress: 0.5 });
    const cell: Attributes = await session.item(0, 3);
    const snapped = await session.snap({ proposedContentOffset: { x: 0, y: 130 }, velocity: { x: 0, y: 900 } });
    await client.deleteSession(summary.id);
    await session.close();
    console.log(first && elementKey(first), cssTransform(cell), updates.appearing.length, snapped.contentOffset.y, session.recreations, header, shown.contentOffset.y);
}

function errors(error: unknown): string {
    if (error instanceof LayoutError) {
        const status: number = error.status;
        return error.type === '/problems/network' ? `offline (${status})` : `${error.title}: ${error.pointer ?? ''}`;
    }
    return 'other';
}

async function view(stage: HTMLElement): Promise<void> {
    const photos = Array.from({ length: 100_000 }, (_, i) => ({ width: 3 + (i % 2), height: 2 }));
    const mounted: LayoutView = mountLayout(stage, {
        kind: 'justified',
        client,
        overscan: 2,
        request: { sections: [{ items: photos }], config: { targetRowHeight: 200 } },
        render(element: HTMLElement, attributes: Attributes) {
            element.textContent = String(attributes.indexPath[1]);
        },
        onError: (error) => console.error(errors(error)),
    });
    await mounted.ready;
    const target: IndexPath = [0, 5000];
    await mounted.scrollToItem(target, { position: 'centeredVertically', animated: false });
    // @ts-expect-error not a UIKit scroll position
    await mounted.scrollToItem(target, { position: 'middle' });
    await mounted.scrollToItem([1, 0], { kind: 'header', position: ['top'], animated: true });
    await mounted.update({ deleteItems: [[0, 3]] });
    await mounted.transition({ kind: 'flow', config: { itemSize: { width: 100, height: 100 } } }, { duration: 300 });
    await mounted.refresh();
    for (const element of mounted.elements.values()) applyAttributes(element, mounted.attributes[0]);
    const kind: LayoutKind = mounted.kind;
    console.log(kind, mounted.renderedRect.height, mounted.stats.queries, isScrollDependent('line'), snapsAtScrollEnd('flow', { snap: 'page' }));
    console.log(indexPathMapping({ deleteItems: [[0, 1]] })([0, 2]));
    const measured = mountLayout(stage, { kind: 'flow', baseURL: '', measure: true, request: { sections: [{ count: 50 }] } });
    // @ts-expect-error the request's config is the kind's
    mountLayout(stage, { kind: 'line', request: { sections: [], config: { columnCount: 3 } } });
    await measured.destroy({ keepSession: false });
    await mounted.destroy();
}

export { everyKind, sessions, view };
