import { CALLS } from '@sb/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { boCall } from '../../http/backoffice';
import { hostBrand } from '../../http/brand';
import { postCall } from '../../http/route';
import type { BrandService } from './service';

/** The brand of a host (member app, no session) and the operators' brand calls. */
export function brandRoutes(app: FastifyInstance, ctx: AppContext, brands: BrandService): void {
  postCall(app, ctx, CALLS.brand, async (_body, request) => ({
    brand: (hostBrand(request) ?? brands.fallbackBrand()).view,
  }));
  boCall(app, ctx, CALLS.bo_brand_list, 'operator', async (caller) => ({
    brands: brands.list(caller).map((brand) => ({ ...brand.view, hosts: brand.hosts })),
  }));
  boCall(
    app,
    ctx,
    CALLS.bo_brand_save,
    { role: 'operator', staff: 'none', audit: 'brand.save' },
    async (caller, body) => {
      const brand = await brands.save(caller, body);
      return { brand: brand.view, hosts: brand.hosts };
    },
  );
}
